import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import CancelIcon from '@mui/icons-material/Cancel';
import { IconButton, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import {
  AddSavedQueryIconButton,
  RemoveSavedQueryIconButton,
  extractValidSavedQueries,
  useListContext,
  useSavedQueries,
  useTranslate,
  type SavedQuery,
} from 'react-admin';
import { sameQuery } from '@/layout/same-query';

/**
 * react-admin's SavedQueriesList, but accessible: its item for the query on screen has an unnamed
 * clear button (axe: button-name), and its help is a tooltip on an icon. Same Store key
 * (`<resource>.savedQueries`, through useSavedQueries), same dialogs to save and remove.
 */
export function SavedQueries() {
  const translate = useTranslate();
  const { resource, filterValues, displayedFilters, sort, perPage, setFilters, setPage } = useListContext();
  const [saved] = useSavedQueries(resource);
  const queries = extractValidSavedQueries(saved);
  const current: SavedQuery['value'] = { filter: filterValues, sort, perPage, displayedFilters };
  const isCurrent = (q: SavedQuery) => sameQuery(q.value, current);
  const apply = (value: SavedQuery['value']) => {
    setFilters(value.filter, value.displayedFilters);
    setPage(1);
  };
  const clear = () => {
    setFilters({}, {});
    setPage(1);
  };

  return (
    <section aria-labelledby="saved-queries-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 40 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <BookmarkBorderIcon fontSize="small" />
          <Typography id="saved-queries-title" variant="overline" component="h2">
            {translate('ra.saved_queries.label')}
          </Typography>
        </Stack>
        {queries.some(isCurrent) ? (
          <RemoveSavedQueryIconButton />
        ) : Object.keys(filterValues).length > 0 ? (
          <AddSavedQueryIconButton />
        ) : null}
      </Stack>
      {queries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('ra.saved_queries.help')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {queries.map((q) => {
            const selected = isCurrent(q);
            return (
              <ListItem
                key={q.label}
                disablePadding
                secondaryAction={
                  selected ? (
                    <IconButton size="small" edge="end" aria-label={`Clear ${q.label}`} onClick={clear}>
                      <CancelIcon fontSize="small" />
                    </IconButton>
                  ) : null
                }
              >
                <ListItemButton selected={selected} onClick={() => (selected ? clear() : apply(q.value))}>
                  <ListItemText primary={q.label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </section>
  );
}
