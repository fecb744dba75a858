// Mounts the 'Update available — Reload' banner (UpdateBanner.tsx) in a root of its own: the registration module
// loads after the page, outside the app's tree, and the banner needs nothing from the app's providers.
import { createRoot } from 'react-dom/client';
import { UpdateBanner } from './UpdateBanner';

let shown = false;

export function showUpdateBanner(onReload: () => void) {
  if (shown) return;
  shown = true;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <UpdateBanner
      onReload={onReload}
      onDismiss={() => {
        root.unmount();
        host.remove();
        shown = false;
      }}
    />,
  );
}
