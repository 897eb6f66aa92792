'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { watchNavigationStarts } from '@/lib/shell/navigation-start';

// The alert stack, loading bar and overlay hold nothing at first paint, and with them
// jotai: fetched right after hydration, they stay out of public pages' First Load JS.
// Alerts raised before they arrive wait in their atom and show once the stack mounts.
const AlertStack = dynamic(() => import('./AlertStack').then((m) => m.AlertStack), { ssr: false });
const LoadingBar = dynamic(() => import('./LoadingBar').then((m) => m.LoadingBar), { ssr: false });
const LoadingOverlay = dynamic(() => import('./LoadingOverlay').then((m) => m.LoadingOverlay), { ssr: false });

export function ShellLayers() {
  useEffect(() => watchNavigationStarts(), []);
  return (
    <>
      <LoadingBar />
      <AlertStack />
      <LoadingOverlay />
    </>
  );
}
