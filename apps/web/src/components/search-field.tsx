import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

type SearchFieldProps = {
  label: string;
  /** The search already applied (from the URL), shown when the page opens. */
  initialValue?: string;
  placeholder?: string;
  /** Called with the trimmed text once typing pauses, and only when it changed. */
  onSearch: (busca: string) => void;
};

/** A search box that waits for a pause in typing, so each keystroke does not call the server. */
export const SearchField = ({ label, initialValue = '', placeholder, onSearch }: SearchFieldProps) => {
  const [text, setText] = useState(initialValue);
  const sent = useRef(initialValue.trim());
  // The latest callback, so a parent re-render does not restart the timer.
  const callback = useRef(onSearch);
  useEffect(() => {
    callback.current = onSearch;
  }, [onSearch]);

  const send = useCallback((busca: string) => {
    if (busca === sent.current) return;
    sent.current = busca;
    callback.current(busca);
  }, []);

  useEffect(() => {
    const busca = text.trim();
    if (busca === sent.current) return;
    const timer = setTimeout(() => send(busca), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, send]);

  return (
    <TextField
      label={label}
      placeholder={placeholder}
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      // Leaving the box (say, clicking a row) applies the search now: a timer still pending would
      // otherwise fire after the click navigated away and write ?busca= onto the next page's URL.
      onBlur={() => send(text.trim())}
      sx={{ flex: '1 1 260px', maxWidth: { md: 420 } }}
      slotProps={{
        htmlInput: { maxLength: 120 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
