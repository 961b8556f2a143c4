import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// The store's amber instead of MUI's default blue: the blue of a focused field's label on the
// filled input's grey falls below WCAG AA contrast (axe flags it on the login page); this passes.
const brand = { main: '#92400e', contrastText: '#ffffff' };

type CheckboxState = { 'aria-label'?: string; inputProps?: Record<string, unknown> };

/**
 * react-admin 5's list rows (Datagrid, DataTable) give their selection checkbox `aria-label="Select
 * this row"`, which MUI 7 puts on the checkbox's wrapping span, not on the input: axe reports an
 * unlabelled input and a label on an element that may not have one. Every checkbox here takes its
 * `aria-label` on the input instead (inputProps kept; an explicit slotProps.input wins as before).
 */
const checkboxLabelOnInput = {
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: () => ({ 'aria-label': undefined }),
        input: (state: CheckboxState) => ({
          ...state.inputProps,
          'aria-label': state['aria-label'] ?? (state.inputProps?.['aria-label'] as string | undefined),
        }),
      },
    },
  },
  // react-admin's app-bar LoadingIndicator (and every other spinner) is a progressbar: axe wants it named
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  components: { ...defaultLightTheme.components, ...checkboxLabelOnInput },
  // Status chips use these with white text: MUI's default warning/info/success fail AA there.
  palette: {
    ...defaultLightTheme.palette,
    primary: brand,
    secondary: { main: '#44403c' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    success: { main: '#15803d', contrastText: '#ffffff' },
    error: { main: '#b91c1c', contrastText: '#ffffff' },
  },
};

/**
 * The dark theme (the app bar's theme switch): the same roles in lighter tints, with near-black text
 * on the filled colours (chips, contained buttons), since white on a light tint fails AA. The main
 * colours are also used as text on the dark background (outlined buttons, links, error messages):
 * both contrasts are tested in theme.test.tsx.
 */
const onTint = '#1c1917';
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: { ...defaultDarkTheme.components, ...checkboxLabelOnInput },
  palette: {
    ...defaultDarkTheme.palette,
    primary: { main: '#fbbf24', contrastText: onTint },
    secondary: { main: '#d6d3d1', contrastText: onTint },
    warning: { main: '#fb923c', contrastText: onTint },
    info: { main: '#38bdf8', contrastText: onTint },
    success: { main: '#4ade80', contrastText: onTint },
    error: { main: '#f87171', contrastText: onTint },
  },
};
