import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// The store's amber instead of MUI's default blue: the blue of a focused field's label on the
// filled input's grey falls below WCAG AA contrast (axe flags it on the login page); this passes.
const brand = { main: '#92400e', contrastText: '#ffffff' };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
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

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#fbbf24' } },
};
