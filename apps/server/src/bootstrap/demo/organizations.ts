import type { AccountStatus, AdminRole, OrganizationValues } from '@meridian/contracts';

/** When each demo user last signed in, relative to seeding; null = never. */
export type LastLogin = { minutesAgo: number } | null;

export type DemoPerson = {
  /** The part of the e-mail before the @. */
  handle: string;
  firstName: string;
  lastName: string;
  adminRole: AdminRole;
  accountStatus: AccountStatus;
  lastLogin: LastLogin;
};

export type DemoOrganization = {
  values: Omit<OrganizationValues, 'id'>;
  people: readonly DemoPerson[];
  /** Lane ids this customer ships on, with a relative weight. */
  lanes: readonly (readonly [laneId: string, weight: number])[];
};

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const person = (
  handle: string,
  firstName: string,
  lastName: string,
  adminRole: AdminRole,
  lastLogin: LastLogin,
  accountStatus: AccountStatus = 'ACTIVE',
): DemoPerson => ({ handle, firstName, lastName, adminRole, accountStatus, lastLogin });

/**
 * Three customers in different countries. Each has one user of every admin role whose login
 * name says the role; login times are spread so that Active, Away and Offline all appear.
 */
export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    values: {
      name: 'Northwind Logistics',
      slug: 'northwind-logistics',
      domain: 'northwind-logistics.example',
      status: 'ACTIVE',
      address_line1: '10 Pasir Panjang Road #12-01 Mapletree Business City',
      city: 'Singapore',
      state: 'Central Region',
      zip_code: '117438',
      country: 'Singapore',
      phone_number: '+65 6250 4180',
      website: 'https://www.northwind-logistics.example',
    },
    people: [
      person('ana.admin', 'Ana', 'Lim', 'ADMIN', { minutesAgo: 2 * MINUTE }),
      person('mei.manager', 'Mei', 'Tan', 'MANAGER', { minutesAgo: 24 * MINUTE }),
      person('vikram.viewer', 'Vikram', 'Nair', 'VIEWER', { minutesAgo: 3 * DAY }),
      person('hui.ops', 'Hui Min', 'Goh', 'VIEWER', { minutesAgo: 4 * MINUTE }),
      person('rahul.planning', 'Rahul', 'Menon', 'MANAGER', { minutesAgo: 6 * HOUR }),
      person('daniel.ng', '', '', 'VIEWER', null, 'PENDING'),
    ],
    lanes: [
      ['shanghai-rotterdam-suez', 3],
      ['singapore-hamburg-suez', 4],
      ['kaohsiung-port-klang', 4],
      ['ningbo-jebel-ali', 3],
      ['santos-singapore-cape', 2],
      ['yantian-los-angeles', 2],
      ['changi-frankfurt', 2],
      ['singapore-bangkok', 3],
      ['hong-kong-memphis', 1],
    ],
  },
  {
    values: {
      name: 'Delta Components',
      slug: 'delta-components',
      domain: 'delta-components.example',
      status: 'ACTIVE',
      address_line1: 'Weena 505',
      city: 'Rotterdam',
      state: 'South Holland',
      zip_code: '3013 AL',
      country: 'Netherlands',
      phone_number: '+31 10 799 4620',
      website: 'https://www.delta-components.example',
    },
    people: [
      person('daan.admin', 'Daan', 'de Vries', 'ADMIN', { minutesAgo: 45 * MINUTE }),
      person('sophie.manager', 'Sophie', 'Janssen', 'MANAGER', { minutesAgo: 1 * MINUTE }),
      person('lars.viewer', 'Lars', 'Bakker', 'VIEWER', { minutesAgo: 52 * MINUTE }),
      person('emma.visser', 'Emma', 'Visser', 'VIEWER', null),
      person('pieter.smit', 'Pieter', 'Smit', 'MANAGER', { minutesAgo: 40 * DAY }, 'DEACTIVATED'),
    ],
    lanes: [
      ['shanghai-rotterdam-suez', 5],
      ['shanghai-rotterdam-cape', 4],
      ['nhava-sheva-antwerp-suez', 2],
      ['santos-rotterdam', 2],
      ['rotterdam-new-york', 2],
      ['pudong-amsterdam', 3],
      ['rotterdam-duisburg', 4],
      ['antwerp-milan', 3],
      ['chongqing-duisburg', 3],
      ['hamburg-prague', 2],
    ],
  },
  {
    values: {
      name: 'Great Lakes Machine Works',
      slug: 'great-lakes-machine-works',
      domain: 'greatlakes-machineworks.example',
      status: 'ACTIVE',
      address_line1: '1 Woodward Avenue Suite 1900',
      city: 'Detroit',
      state: 'Michigan',
      zip_code: '48226',
      country: 'United States',
      phone_number: '+1 313 555 0147',
      website: 'https://www.greatlakes-machineworks.example',
    },
    people: [
      person('grace.admin', 'Grace', 'Kowalski', 'ADMIN', { minutesAgo: 3 * HOUR }),
      person('marcus.manager', 'Marcus', 'Johnson', 'MANAGER', { minutesAgo: 3 * MINUTE }),
      person('olivia.viewer', 'Olivia', 'Martinez', 'VIEWER', { minutesAgo: 12 * DAY }),
      person('tom.buyer', 'Tom', 'Nguyen', 'VIEWER', { minutesAgo: 35 * MINUTE }),
    ],
    lanes: [
      ['busan-long-beach', 4],
      ['yantian-los-angeles', 4],
      ['shanghai-savannah-panama', 3],
      ['yokohama-vancouver', 2],
      ['houston-antwerp', 2],
      ['incheon-detroit', 2],
      ['frankfurt-chicago', 2],
      ['monterrey-detroit', 4],
      ['new-york-detroit', 3],
      ['los-angeles-chicago', 4],
      ['vancouver-chicago', 2],
    ],
  },
];

/**
 * Internal analysts, in the platform operator's organization (e-mail at INTERNAL_DOMAIN).
 * A demo account never holds platform powers: its password is printed in the log.
 */
export const DEMO_PLATFORM_PEOPLE: readonly DemoPerson[] = [
  person('alex.analyst', 'Alex', 'Morgan', 'MANAGER', { minutesAgo: 15 * MINUTE }),
];
