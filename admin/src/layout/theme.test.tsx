import { Checkbox, ThemeProvider, createTheme } from '@mui/material';
import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '@/layout/theme';

const inputs = (html: string) => html.match(/<input[^>]*>/g) ?? [];
const spans = (html: string) => html.match(/<span[^>]*MuiCheckbox-root[^>]*>/g) ?? [];

describe('checkboxes in the console’s theme', () => {
  const html = renderToStaticMarkup(
    <ThemeProvider theme={createTheme(lightTheme)}>
      {/* as react-admin's list rows pass it */}
      <Checkbox aria-label="Select this row" checked={false} onClick={() => undefined} />
      <Checkbox slotProps={{ input: { 'aria-label': 'Select all' } }} />
      <Checkbox inputProps={{ 'aria-label': 'Old style' }} />
      <Checkbox />
    </ThemeProvider>,
  );

  it('puts an aria-label on the input, never on the wrapping span', () => {
    const [row, all, old, plain] = inputs(html);
    expect(row).toContain('aria-label="Select this row"');
    expect(all).toContain('aria-label="Select all"');
    expect(old).toContain('aria-label="Old style"');
    expect(plain).not.toContain('aria-label');
    for (const span of spans(html)) expect(span).not.toContain('aria-label');
  });
});

/** A translucent colour as drawn over an opaque background. */
function over(color: string, background: string): string {
  const fg = decomposeColor(color);
  const bg = decomposeColor(background);
  const a = fg.type === 'rgba' || fg.type === 'hsla' ? (fg.values[3] ?? 1) : 1;
  const mix = [0, 1, 2].map((i) => Math.round(fg.values[i]! * a + bg.values[i]! * (1 - a)));
  return recomposeColor({ type: 'rgb', values: [mix[0]!, mix[1]!, mix[2]!] });
}

describe('the light and dark palettes', () => {
  const roles = ['primary', 'secondary', 'warning', 'info', 'success', 'error'] as const;
  const AA = 4.5;

  for (const [name, options] of [
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const) {
    const theme = createTheme(options);
    const { palette } = theme;
    const backgrounds = [palette.background.default, palette.background.paper];

    it(`${name}: text on a filled colour (chips, contained buttons) passes AA`, () => {
      for (const role of roles) {
        const { main, contrastText } = palette[role];
        expect(
          getContrastRatio(main, contrastText),
          `${role} ${contrastText} on ${main}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    });

    it(`${name}: each colour as text on the page and on paper passes AA`, () => {
      for (const bg of backgrounds) {
        for (const role of roles) {
          const { main } = palette[role];
          expect(getContrastRatio(main, bg), `${role} ${main} on ${bg}`).toBeGreaterThanOrEqual(AA);
        }
        expect(getContrastRatio(palette.text.primary, bg)).toBeGreaterThanOrEqual(AA);
        // text.secondary is translucent: blend it over the background first
        expect(getContrastRatio(over(palette.text.secondary, bg), bg)).toBeGreaterThanOrEqual(AA);
      }
    });
  }

  it('the dark theme is dark and the light one light', () => {
    expect(createTheme(darkTheme).palette.mode).toBe('dark');
    expect(createTheme(lightTheme).palette.mode).toBe('light');
  });
});
