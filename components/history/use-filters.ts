'use client';
// The history filters of one section, read from and written to the URL: the resource under its
// own parameter (`agentId`, `squadId`, `modelId`), then `responsible`, `kind` and `action`, plus
// any extra parameters the section has (the model history's sorting).
import { useCallback, useMemo } from 'react';
import type { FilterValues } from './HistoryFilters';
import { useUrlParams } from './url-params';

const NONE: readonly never[] = [];

export function useHistoryFilters<R extends string, X extends string = never>(resourceParam: R, extra: readonly X[] = NONE) {
  const keys = useMemo(() => [resourceParam, 'responsible', 'kind', 'action', ...extra] as const, [resourceParam, extra]);
  const { values, update } = useUrlParams<string>(keys);
  const filters: FilterValues = { resource: values[resourceParam] ?? '', responsible: values.responsible ?? '', kind: values.kind ?? '', action: values.action ?? '' };
  const setFilters = useCallback(
    (patch: Partial<FilterValues>) => {
      const { resource, ...rest } = patch;
      update({ ...rest, ...(resource === undefined ? {} : { [resourceParam]: resource }) });
    },
    [update, resourceParam],
  );
  return { filters, setFilters, extra: values as Record<X, string>, setExtra: update as (patch: Partial<Record<X, string>>) => void };
}
