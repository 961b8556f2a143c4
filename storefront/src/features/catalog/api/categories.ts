import { queryOptions } from '@tanstack/react-query';
import { CATEGORY_SUMMARY_COLUMNS } from '@/features/catalog/api/columns';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/** A category with its item count, as the category_summaries view gives it. */
export type CategorySummary = Awaited<ReturnType<typeof fetchCategories>>[number];

const FIVE_MINUTES = 5 * 60 * 1000;

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

/** Categories with their item counts (the category_summaries view), by name as the spec orders them. */
export async function fetchCategories() {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('category_summaries')
    .select(CATEGORY_SUMMARY_COLUMNS)
    .order('name');
  if (error) throw toAppError(error);
  return data;
}

export const categoryQueries = {
  // The spec caches categories for 5 minutes.
  list: () =>
    queryOptions({ queryKey: categoryKeys.list(), queryFn: fetchCategories, staleTime: FIVE_MINUTES }),
};

/** A category by the name in its URL: /category/living-room, /category/Living%20Room and /category/sofas. */
export function findCategory(categories: CategorySummary[], param: string): CategorySummary | undefined {
  const wanted = decodeURIComponent(param).trim().toLowerCase();
  const slug = slugFromParam(param);
  return categories.find((c) => c.slug === slug || c.name.toLowerCase() === wanted);
}

/** The slug a category URL most likely names (/category/Living%20Room → living-room), before the list is known. */
export function slugFromParam(param: string): string {
  return decodeURIComponent(param).trim().toLowerCase().replace(/\s+/g, '-');
}
