import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The columns the storefront lists; replaced by the generated Database types once the schema lands. */
export interface CategorySummary {
  id: string | number;
  name: string;
  slug: string;
}

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export async function fetchCategories(): Promise<CategorySummary[]> {
  const { data, error } = await supabase.from('categories').select('id,name,slug').order('name');
  if (error) throw toAppError(error);
  return data as CategorySummary[];
}

export const categoryQueries = {
  // The spec caches categories for 5 minutes.
  list: () =>
    queryOptions({ queryKey: categoryKeys.list(), queryFn: fetchCategories, staleTime: 5 * 60 * 1000 }),
};
