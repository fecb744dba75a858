// The hook the settings page and the two offers share (issue 27): this device's push status, and Turn on / Turn
// off. The device's state is one cached query, so turning on in one place shows everywhere at once.
import type { PushPublicKey } from '@shared/api/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { errorStatus } from '../../lib/api';
import {
  fetchPublicKey,
  type PushDevice,
  type PushStatus,
  pushStatus,
  pushSupport,
  readPushDevice,
  readPushEnvironment,
  type ServerKeyState,
  turnOffPush,
  turnOnPush,
} from './push';
import { pushErrorText } from './push-error-text';

/** Not a path: the browser's own state, read by readPushDevice rather than fetched. */
export const PUSH_DEVICE_KEY = ['push-device'] as const;
export const PUSH_PUBLIC_KEY = ['/api/push/public-key'] as const;

export function usePushNotifications() {
  const queryClient = useQueryClient();
  const [support] = useState(() => pushSupport(readPushEnvironment()));
  const supported = support === 'supported';

  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? Notification.permission : 'default',
  );
  const readPermission = useCallback(() => {
    if (supported) setPermission(Notification.permission);
  }, [supported]);
  const device = useQuery<PushDevice>({
    queryKey: PUSH_DEVICE_KEY,
    queryFn: readPushDevice,
    enabled: supported,
    // The subscription can go (the browser's settings) while the app is in another tab.
    refetchOnWindowFocus: 'always',
  });
  const serverKey = useQuery<PushPublicKey>({ queryKey: PUSH_PUBLIC_KEY, enabled: supported });
  const keyState: ServerKeyState = serverKey.isPending
    ? 'loading'
    : serverKey.isError
      ? errorStatus(serverKey.error) === 503
        ? 'off'
        : 'failed'
      : 'ready';

  // The browser tells us when the permission changes (its settings, or a prompt in another tab); a window
  // coming back to the front reads it again for the browsers that do not.
  useEffect(() => {
    if (!supported) return;
    window.addEventListener('focus', readPermission);
    if (!navigator.permissions) return () => window.removeEventListener('focus', readPermission);
    let status: PermissionStatus | null = null;
    const changed = () => {
      readPermission();
      void queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_KEY });
    };
    navigator.permissions
      .query({ name: 'notifications' })
      .then((result) => {
        status = result;
        status.addEventListener('change', changed);
      })
      .catch(() => undefined);
    return () => {
      window.removeEventListener('focus', readPermission);
      status?.removeEventListener('change', changed);
    };
  }, [supported, queryClient, readPermission]);

  const publicKey = async () =>
    (
      await queryClient.fetchQuery<PushPublicKey>({
        queryKey: PUSH_PUBLIC_KEY,
        // A failed earlier answer is asked again; a good one is kept.
        staleTime: serverKey.isError ? 0 : Number.POSITIVE_INFINITY,
        queryFn: async () => ({ publicKey: await fetchPublicKey() }),
      })
    ).publicKey;

  const turnOn = useMutation({
    mutationFn: (answer: Promise<NotificationPermission>) => turnOnPush(answer, publicKey),
    onSuccess: (changed) => queryClient.setQueryData(PUSH_DEVICE_KEY, changed),
    // Refused or dismissed: the status shows what the browser now says.
    onError: () => void queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_KEY }),
    onSettled: readPermission,
  });
  const turnOff = useMutation({
    mutationFn: turnOffPush,
    onSuccess: (changed) => queryClient.setQueryData(PUSH_DEVICE_KEY, changed),
    onError: () => void queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_KEY }),
  });

  const status: PushStatus = pushStatus(support, permission, device.data, keyState);
  return {
    status,
    busy: turnOn.isPending || turnOff.isPending,
    /** What went wrong with the last Turn on or Turn off, until the next try (null when the status says it). */
    errorText: pushErrorText(turnOn.error, 'on') ?? pushErrorText(turnOff.error, 'off'),
    /**
     * Call from the click itself: the browser's permission question starts before anything else is awaited
     * (Safari asks only inside a user's gesture).
     */
    turnOn(options?: { onSuccess?: () => void; onError?: (error: Error) => void }) {
      turnOff.reset();
      turnOn.mutate(Notification.requestPermission(), options);
    },
    turnOff(options?: { onSuccess?: () => void; onError?: (error: Error) => void }) {
      turnOn.reset();
      turnOff.mutate(undefined, options);
    },
  };
}
