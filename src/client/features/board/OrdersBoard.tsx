// The owner's orders board (/dashboard/board, issue 30): one shop's open orders in full-screen columns New ·
// Preparing · Ready (board-columns.ts), live over /ws through the dashboard's own queries, with the new-order chime
// and the tab title's count, a pickup-code search, one-click Busy and Pause, a shop picker for owners of several
// shops, and the keyboard: arrow keys between cards, Enter for a card's next move.
import type { Shop } from '@shared/api/shops';
import { pickupLabel } from '@shared/domain/pickup-slots';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Store } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Prompt } from '../../components/Prompt';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import { PageLoading } from '../../ui/PageLoading';
import { filterOrdersByQuery } from '../orders/code-search';
import { useFreshOrderIds } from '../orders/fresh-orders';
import { OrderSoundControl } from '../orders/OrderSoundControl';
import { PickupCodeSearch } from '../orders/PickupCodeSearch';
import { useDashboardSummary } from '../orders/queries';
import { useNow } from '../orders/use-now';
import { useOrderAlerts } from '../orders/use-order-alerts';
import { useMyShops } from '../shops/queries';
import { BoardCard } from './BoardCard';
import { BoardPaceControls } from './BoardPaceControls';
import {
  type BoardKey,
  boardColumnIds,
  boardColumns,
  boardColumnTitles,
  focusAfterLeaving,
  nextFocus,
} from './board-columns';
import { useBoardOrders } from './use-board-orders';

export function OrdersBoard() {
  const shops = useMyShops(true);
  const list = shops.data ?? [];
  const [, navigate] = useLocation();
  const asked = Number(new URLSearchParams(useSearch()).get('shop'));
  const shop = list.find((candidate) => candidate.id === asked) ?? list[0] ?? null;
  useOrderAlerts('Orders Board', list.length > 0);

  if (shops.isLoading) return <PageLoading label="Loading orders board..." />;
  if (shops.isError)
    return (
      <main>
        <Prompt title="Could not load the orders board" text="Please try again in a moment.">
          <Button onClick={() => void shops.refetch()}>Try Again</Button>
        </Prompt>
      </main>
    );
  if (!shop)
    return (
      <main>
        <Prompt
          icon={<Store className="h-6 w-6" />}
          title="No Coffee Shops Yet"
          text="Add a coffee shop on your dashboard; its orders will show here."
        >
          <Button asChild>
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </Prompt>
      </main>
    );
  return (
    <BoardView
      key={shop.id}
      shop={shop}
      shops={list}
      onPickShop={(id) => navigate(`/dashboard/board?shop=${id}`, { replace: true })}
    />
  );
}

function BoardView({
  shop,
  shops,
  onPickShop,
}: {
  shop: Shop;
  shops: Shop[];
  onPickShop: (shopId: number) => void;
}) {
  const now = useNow(15_000);
  const board = useBoardOrders(shop.id);
  const fresh = useFreshOrderIds();
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  // The shop's own answer carries nextPickupAt (lists do not): what a customer ordering now is offered.
  const detail = useQuery<Shop>({ queryKey: ['/api/coffee-shops', shop.id], refetchInterval: 60_000 });
  const allPending = useDashboardSummary(true).data?.pendingOrders;

  const columns = boardColumns(filterOrdersByQuery(board.orders, query));
  const ids = boardColumnIds.map((column) => columns[column].map((order) => order.id));
  const pendingHere = boardColumns(board.orders).new.length;
  const pendingElsewhere = shops.length > 1 && allPending !== undefined ? allPending - pendingHere : 0;

  // The keyboard's place on the board: the card last focused, followed to its new column when it moves (its element
  // is then a new one), and handed to its neighbour when it leaves the board. Only while the focus is on the cards:
  // a click elsewhere on the page lets go, so the board never pulls the focus (or the scroll) back by itself.
  const boardRef = useRef<HTMLElement>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const keepFocus = useRef(false);
  const lastPlace = useRef<{ column: number; row: number } | null>(null);
  const focusCard = (id: number) =>
    boardRef.current?.querySelector<HTMLElement>(`[data-order-id="${id}"]`)?.focus();
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Element && event.target.closest('[data-order-id]')))
        keepFocus.current = false;
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);
  // No dependency list: it runs after every render, since any render may have moved the focused card.
  useLayoutEffect(() => {
    if (focusedId === null) return;
    const column = ids.findIndex((columnIds) => columnIds.includes(focusedId));
    if (column >= 0) lastPlace.current = { column, row: ids[column]!.indexOf(focusedId) };
    const active = document.activeElement;
    // Still on a card, or the owner has moved on (to the search box, say): nothing to do.
    if (!keepFocus.current || (active && active !== document.body)) return;
    const target = column >= 0 ? focusedId : lastPlace.current && focusAfterLeaving(ids, lastPlace.current);
    if (target === null || target === undefined) return;
    if (target !== focusedId) setFocusedId(target);
    focusCard(target);
  });
  const onCardFocused = (id: number) => {
    keepFocus.current = true;
    setFocusedId(id);
  };

  const tabTarget =
    focusedId !== null && ids.some((column) => column.includes(focusedId)) ? focusedId : ids.flat()[0];
  const navigateFrom = (id: number, key: BoardKey) => {
    const next = nextFocus(ids, id, key);
    if (next === null) return;
    setFocusedId(next);
    focusCard(next);
  };
  const nextPickup = detail.data?.nextPickupAt ? new Date(detail.data.nextPickupAt) : null;

  return (
    <div className="flex min-h-dvh flex-col bg-espresso-50 md:h-dvh">
      <SkipLink />
      <header className="border-b border-espresso-200 bg-crema px-3 py-2 sm:px-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link
            href="/dashboard"
            className="inline-flex items-center gap-1 rounded-lg px-1 py-1 text-sm font-medium text-espresso-700 hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden /> Dashboard
          </Link>
          <h1 className="font-display text-2xl font-bold text-espresso-950">Orders Board</h1>
          {shops.length > 1 ? (
            <div className="flex items-center gap-2">
              <Label htmlFor="board-shop" className="shrink-0">
                Shop
              </Label>
              <NativeSelect
                id="board-shop"
                value={shop.id}
                onChange={(event) => onPickShop(Number(event.target.value))}
                className="w-56"
              >
                {shops.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <p className="font-semibold text-espresso-900">{shop.name}</p>
          )}
          {nextPickup && shop.acceptingOrders && (
            <p className="text-sm text-espresso-700" data-testid="next-pickup">
              Next free pickup: <span className="font-semibold">{pickupLabel(nextPickup, now)}</span>
            </p>
          )}
          <div className="md:ml-auto">
            <BoardPaceControls shop={shop} now={now} />
          </div>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <PickupCodeSearch id="board-code-search" value={query} onChange={setQuery} className="sm:w-56" />
          <OrderSoundControl />
          {pendingElsewhere > 0 && (
            <p className="text-sm font-medium text-amber-900" role="status">
              {pendingElsewhere} new at your other shop{pendingElsewhere === 1 ? '' : 's'}
            </p>
          )}
          <p className="hidden text-xs text-espresso-600 lg:block">
            Arrow keys move between orders · Enter does the next step
          </p>
        </div>
        <nav aria-label="Board columns" className="mt-2 flex gap-2 md:hidden">
          {boardColumnIds.map((column) => (
            <a
              key={column}
              href={`#board-${column}`}
              className="rounded-full bg-espresso-100 px-3 py-1 text-sm font-medium text-espresso-800"
            >
              {boardColumnTitles[column]} {columns[column].length}
            </a>
          ))}
        </nav>
      </header>

      <main
        ref={boardRef}
        id={MAIN_ID}
        tabIndex={-1}
        className="grid flex-1 outline-none gap-3 p-3 md:min-h-0 md:grid-cols-3 md:grid-rows-[minmax(0,1fr)]"
        aria-label="Orders"
      >
        {board.isLoading ? (
          <p className="p-6 text-espresso-600 md:col-span-3">Loading orders...</p>
        ) : board.isError ? (
          <div className="p-6 md:col-span-3">
            Could not load the orders.{' '}
            <Button variant="outline" size="sm" onClick={board.refetch}>
              Try Again
            </Button>
          </div>
        ) : (
          boardColumnIds.map((column) => (
            <section
              key={column}
              id={`board-${column}`}
              aria-labelledby={`board-${column}-title`}
              className="flex scroll-mt-2 flex-col rounded-xl bg-espresso-100 md:min-h-0"
              data-testid={`board-column-${column}`}
            >
              <h2
                id={`board-${column}-title`}
                className="flex items-center justify-between px-3 pt-3 pb-2 font-display text-xl font-semibold text-espresso-950"
              >
                {boardColumnTitles[column]}
                <span
                  className={cn(
                    'min-w-8 rounded-full px-2 text-center text-base',
                    column === 'new' && columns.new.length > 0
                      ? 'bg-amber-400 text-espresso-950'
                      : 'bg-white text-espresso-800',
                  )}
                >
                  {columns[column].length}
                </span>
              </h2>
              <div className="flex-1 space-y-3 px-2 pb-3 md:overflow-y-auto">
                {columns[column].length === 0 ? (
                  <p className="px-2 py-6 text-center text-sm text-espresso-600">
                    {query.trim() ? 'No match here.' : emptyText[column]}
                  </p>
                ) : (
                  columns[column].map((order) => (
                    <BoardCard
                      key={order.id}
                      order={order}
                      now={now}
                      isFocusTarget={order.id === tabTarget}
                      isNew={fresh.has(order.id)}
                      onNavigate={navigateFrom}
                      onFocused={onCardFocused}
                      onMoved={setAnnouncement}
                    />
                  ))
                )}
              </div>
            </section>
          ))
        )}
        {board.hasMore && (
          <div className="flex justify-center md:col-span-3">
            <Button variant="outline" onClick={board.loadMore} disabled={board.isLoadingMore}>
              {board.isLoadingMore ? 'Loading...' : 'Load older open orders'}
            </Button>
          </div>
        )}
      </main>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

const emptyText = {
  new: 'No new orders. A chime plays when one arrives.',
  preparing: 'Nothing being made.',
  ready: 'Nothing waiting for pickup.',
} as const;
