import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup, { type RadioGroupProps } from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

export type RadioOption<T extends string> = { value: T; label: string; description: string };

/** Radios whose label carries a line of explanation below it (a provider choice, say). */
export const DescribedRadioGroup = <T extends string>({
  options,
  ...props
}: Omit<RadioGroupProps, 'children'> & { options: readonly RadioOption<T>[] }) => (
  <RadioGroup {...props}>
    {options.map((option) => (
      <FormControlLabel
        key={option.value}
        value={option.value}
        control={<Radio />}
        sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
        label={
          <>
            <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {option.label}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {option.description}
            </Typography>
          </>
        }
      />
    ))}
  </RadioGroup>
);
