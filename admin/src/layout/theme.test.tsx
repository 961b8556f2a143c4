import { Checkbox, ThemeProvider, createTheme } from '@mui/material';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '@/layout/theme';

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
