import type { MemberProfile } from '@/lib/users/members';
import { initials } from './format';

/** Profile names as small chips; an isRoot profile stands out. */
export function ProfileChips({ profiles, fullAccess }: { profiles: MemberProfile[]; fullAccess: string }) {
  return (
    <ul className="flex flex-wrap gap-1" data-testid="profile-chips">
      {profiles.map((p) => (
        <li
          key={p.id}
          title={p.isRoot ? fullAccess : undefined}
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${p.isRoot ? 'bg-primary/15 text-accent' : 'bg-surface-2 text-ink'}`}
        >
          {p.name}
        </li>
      ))}
    </ul>
  );
}

/** A member's picture, or their initials in a circle. */
export function MemberAvatar({ name, avatar }: { name: string; avatar: string | null }) {
  if (avatar) return <img src={avatar} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" title={name} className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/15 text-xs font-semibold text-accent">
      {initials(name)}
    </span>
  );
}
