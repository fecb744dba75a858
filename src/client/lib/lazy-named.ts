// A component whose module loads on first render (React.lazy for a named export): pages, dialogs and panels a
// page may never show stay out of the scripts a phone downloads before its first paint.
import { type ComponentType, lazy } from 'react';

export function lazyNamed<Props, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
