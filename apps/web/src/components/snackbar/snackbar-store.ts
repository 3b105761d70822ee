import { create } from 'zustand';

export type SnackbarColor = 'success' | 'error' | 'warning' | 'info';
/** Icon names the snackbar knows; `AppSnackbar` maps each to an MUI icon. `null` shows no icon. */
export type SnackbarIcon = 'success' | 'error' | 'warning' | 'info';

export type SnackbarState = {
  visible: boolean;
  message: string;
  color: SnackbarColor;
  timeout: number;
  icon: SnackbarIcon | null;
  multiLine: boolean;
  /** Changes on every `show`, so the component remounts and restarts its timer when a message is replaced. */
  key: number;
};

export type ShowSnackbarOptions = {
  message: string;
  color?: SnackbarColor;
  timeout?: number;
  /** Defaults to the icon of the colour; `null` hides it. */
  icon?: SnackbarIcon | null;
  /** Defaults to on for long or multi-line messages. */
  multiLine?: boolean;
};

type SnackbarActions = {
  show: (options: ShowSnackbarOptions) => void;
  hide: () => void;
};

/** docs/produto.md §2: default 4000 ms; success 3000, error 5000, warning 4000, info 4000. */
export const SNACKBAR_TIMEOUTS = {
  default: 4000,
  success: 3000,
  error: 5000,
  warning: 4000,
  info: 4000,
} as const satisfies Record<SnackbarColor | 'default', number>;

// Beyond this a message no longer fits on one line of the snackbar.
const MULTI_LINE_LENGTH = 80;

const needsMultiLine = (message: string) => message.length > MULTI_LINE_LENGTH || message.includes('\n');

export const initialSnackbarState: SnackbarState = {
  visible: false,
  message: '',
  color: 'info',
  timeout: SNACKBAR_TIMEOUTS.default,
  icon: 'info',
  multiLine: false,
  key: 0,
};

export const useSnackbarStore = create<SnackbarState & SnackbarActions>()((set) => ({
  ...initialSnackbarState,
  show: ({ message, color = 'info', timeout = SNACKBAR_TIMEOUTS.default, icon, multiLine }) =>
    set((state) => ({
      visible: true,
      message,
      color,
      timeout,
      icon: icon === undefined ? color : icon,
      multiLine: multiLine ?? needsMultiLine(message),
      key: state.key + 1,
    })),
  // Only visibility changes, so the message stays on screen while the exit transition runs.
  hide: () => set({ visible: false }),
}));

type NotifyOptions = Omit<ShowSnackbarOptions, 'message' | 'color'>;

const notifyWith =
  (color: SnackbarColor) =>
  (message: string, options: NotifyOptions = {}): void =>
    useSnackbarStore
      .getState()
      .show({ ...options, message, color, timeout: options.timeout ?? SNACKBAR_TIMEOUTS[color] });

/** Shows a notification from anywhere, including outside React (mutation callbacks, the API client). */
export const notify = {
  success: notifyWith('success'),
  error: notifyWith('error'),
  warning: notifyWith('warning'),
  info: notifyWith('info'),
};
