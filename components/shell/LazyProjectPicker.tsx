'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { usePicker } from '@/lib/shell/picker';
import type { CurrentPair } from '@/lib/shell/picker-state';

// The picker brings two selects and a form with its schema: most pages never open it, so
// it is a chunk of its own, fetched the first time it is asked for and kept once there.
const ProjectPicker = dynamic(() => import('./ProjectPicker').then((m) => m.ProjectPicker), { ssr: false });

export function LazyProjectPicker({ current }: { current: CurrentPair }) {
  const { open } = usePicker();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? <ProjectPicker current={current} /> : null;
}
