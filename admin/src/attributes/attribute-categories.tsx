import { Alert, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { Row } from '@/lib/database';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

/**
 * The categories whose listings filter on an attribute that is not on every listing
 * (category_attributes): each tick links or unlinks at once.
 */
export function AttributeCategories({ attributeId }: { attributeId: number }) {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { data: categories = [] } = useGetList<Row<'categories'>>('categories', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  const [linked, setLinked] = useState<Set<number> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    storeApi.attributeCategoryIds(attributeId).then(
      (ids) => {
        if (live) setLinked(new Set(ids));
      },
      (e: unknown) => {
        void logoutIfAccessDenied(e);
        if (live) setError(toAdminError(e).message);
      },
    );
    return () => {
      live = false;
    };
  }, [attributeId, logoutIfAccessDenied]);
  const toggle = useAdminMutation(storeApi.setAttributeCategory, {
    failure: 'Not changed',
    onSuccess: () => notify('Categories saved', { type: 'success' }),
  });
  const change = (categoryId: number, on: boolean) => {
    const next = new Set(linked);
    if (on) next.add(categoryId);
    else next.delete(categoryId);
    setLinked(next);
    void toggle.mutate(attributeId, categoryId, on);
  };
  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby="attribute-categories-title">
      <CardContent>
        <Typography id="attribute-categories-title" variant="h6" component="h2">
          Categories that filter on it
        </Typography>
        {error && <Alert severity="error">Could not load the categories: {error}</Alert>}
        {linked && (
          <FormGroup row>
            {categories.map((c) => (
              <FormControlLabel
                key={c.id}
                control={
                  <Checkbox
                    checked={linked.has(c.id)}
                    disabled={toggle.isPending}
                    onChange={(e) => change(c.id, e.target.checked)}
                  />
                }
                label={c.name}
              />
            ))}
          </FormGroup>
        )}
      </CardContent>
    </Card>
  );
}
