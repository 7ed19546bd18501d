/** Plausible people for the demo workspace. Addresses use the reserved `.example` domain. */
import type { Rng } from './prng';
import type { Role } from '@/core/identity/roles';

export const DEMO_EMAIL_DOMAIN = 'demo.chorus.example';

const FIRST = [
  'Amara',
  'Ben',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kavya',
  'Liam',
  'Maja',
  'Noah',
  'Olu',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tamar',
  'Umar',
  'Valentina',
  'Wei',
  'Xavier',
  'Yasmin',
  'Zoe',
  'Aiko',
  'Bruno',
  'Carmen',
  'Diego',
  'Emeka',
  'Fatima',
  'Gustav',
  'Hana',
  'Ivan',
  'Julia',
  'Kofi',
  'Lucía',
  'Mateo',
  'Nadia',
  'Oscar',
  'Paula',
  'Rafael',
  'Sara',
  'Tomás',
  'Ursula',
  'Vikram',
  'Wanda',
  'Yusuf',
  'Zara',
] as const;

const LAST = [
  'Okafor',
  'Schmidt',
  'Dubois',
  'Ivanova',
  'Rossi',
  'Haddad',
  'Kim',
  'Tanaka',
  'García',
  'Berg',
  'Iyer',
  'Murphy',
  'Nowak',
  'Cohen',
  'Adeyemi',
  'Sharma',
  'Lefèvre',
  'Silva',
  'Lindqvist',
  'Levi',
  'Khan',
  'Moretti',
  'Chen',
  'Martin',
  'Rahman',
  'Novak',
  'Sato',
  'Costa',
  'Fernández',
  'Morales',
  'Eze',
  'Hassan',
  'Johansson',
  'Park',
  'Petrov',
  'Wagner',
  'Mensah',
  'López',
  'Herrera',
  'Ali',
] as const;

export interface DemoPerson {
  email: string;
  displayName: string;
  role: Exclude<Role, 'admin'>;
}

function asciiLocal(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * `count` distinct members plus two team members (moderators), all with demo addresses. Names
 * are plain names: the pages mark team members themselves (the Team badge).
 */
export function demoPeople(rng: Rng, count: number): { team: DemoPerson[]; members: DemoPerson[] } {
  const team: DemoPerson[] = [
    { email: `morgan.team@${DEMO_EMAIL_DOMAIN}`, displayName: 'Morgan Reyes', role: 'moderator' },
    { email: `sam.team@${DEMO_EMAIL_DOMAIN}`, displayName: 'Sam Whitaker', role: 'moderator' },
  ];
  const members: DemoPerson[] = [];
  const used = new Set<string>();
  for (let i = 0; members.length < count; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    let local = `${asciiLocal(first)}.${asciiLocal(last)}`;
    if (used.has(local)) local = `${local}${i}`;
    used.add(local);
    members.push({ email: `${local}@${DEMO_EMAIL_DOMAIN}`, displayName: `${first} ${last}`, role: 'member' });
  }
  return { team, members };
}
