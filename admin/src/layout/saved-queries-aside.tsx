import { Card, CardContent } from '@mui/material';
import { SavedQueries } from '@/layout/saved-queries';

/**
 * A list's side panel (`<List aside>`) with the staff member's saved queries: filters, sort and page
 * size saved under a name, in their own Store (lib/user-store.ts). From md up; on a phone the list's
 * Filter button (react-admin's FilterButton) offers the same queries and "Save current query...".
 */
export function SavedQueriesAside() {
  return (
    <Card
      sx={{
        display: { xs: 'none', md: 'block' },
        order: -1,
        flex: '0 0 15em',
        mr: 2,
        mt: 8,
        alignSelf: 'flex-start',
      }}
    >
      <CardContent sx={{ pt: 1 }}>
        <SavedQueries />
      </CardContent>
    </Card>
  );
}
