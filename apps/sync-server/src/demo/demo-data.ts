// The demo state coordinators see first: a Delaware account with a user of every role,
// 12 judges, 24 schools, culinary and hospitality criteria, an upcoming event and one in
// progress that is part-scored. Dates are relative to `today` so the demo never goes stale.
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewSubsectionScoreRow } from '../db/tables.ts';

export interface DemoDataOptions {
  /** One argon2id hash, used for every demo user. */
  passwordHash: string;
  /** YYYY-MM-DD; event dates and the account's dates are relative to it. */
  today: string;
}

/** The demo logins by role; the header's "Student" quick-fill is the STANDARD user. */
export const DEMO_LOGINS = {
  ultra: 'ultra@demo.test',
  super: 'super@demo.test',
  admin: 'admin@demo.test',
  standard: 'standard@demo.test',
  judge: 'judge1@demo.test',
} as const;

const judges = [
  ['Maria', 'Santos'],
  ['James', 'Whitfield'],
  ['Priya', 'Raman'],
  ['Thomas', 'Becker'],
  ['Angela', 'Brooks'],
  ['Daniel', 'Kim'],
  ['Rachel', 'Goldberg'],
  ['Marcus', 'Johnson'],
  ['Emily', 'Chen'],
  ['Robert', 'Fitzgerald'],
  ['Latoya', 'Harris'],
  ['Kevin', "O'Brien"],
] as const;

/** Every demo user's email: the four staff users, then judge1 … judge12. */
export const DEMO_USER_EMAILS: readonly string[] = [
  DEMO_LOGINS.ultra,
  DEMO_LOGINS.super,
  DEMO_LOGINS.admin,
  DEMO_LOGINS.standard,
  ...judges.map((_, index) => `judge${index + 1}@demo.test`),
];

const staff = [
  { email: DEMO_LOGINS.ultra, role: 'ULTRA', firstName: 'Morgan', lastName: 'Ellis' },
  { email: DEMO_LOGINS.super, role: 'SUPER', firstName: 'Dana', lastName: 'Whitaker' },
  { email: DEMO_LOGINS.admin, role: 'ADMIN', firstName: 'Karen', lastName: 'Okafor' },
  { email: DEMO_LOGINS.standard, role: 'STANDARD', firstName: 'Luis', lastName: 'Ortega' },
] as const;

interface DemoSchool {
  name: string;
  /** The part after the @ of the contact's (fictional) email address. */
  domain: string;
  principal: string;
  educators: readonly [string, ...string[]];
  contact: string;
}

const schools: readonly DemoSchool[] = [
  {
    name: 'Delcastle Technical High School',
    domain: 'delcastle.demo.test',
    principal: 'Patricia Lewandowski',
    educators: ['Chef Anthony Russo', 'Denise Carter'],
    contact: 'Anthony Russo',
  },
  {
    name: 'Hodgson Vocational Technical High School',
    domain: 'hodgson.demo.test',
    principal: 'Gregory Hines',
    educators: ['Chef Michelle Tran'],
    contact: 'Michelle Tran',
  },
  {
    name: 'Howard High School of Technology',
    domain: 'howard.demo.test',
    principal: 'Dr. Keisha Moore',
    educators: ['Chef Darnell Wright', 'Sandra Pierce', 'Hector Ramirez'],
    contact: 'Darnell Wright',
  },
  {
    name: 'St. Georges Technical High School',
    domain: 'stgeorges.demo.test',
    principal: 'William Foster',
    educators: ['Chef Lauren Mitchell', 'Paul Nguyen'],
    contact: 'Lauren Mitchell',
  },
  {
    name: 'Sussex Technical High School',
    domain: 'sussextech.demo.test',
    principal: 'Jennifer Holloway',
    educators: ['Chef Brian McAllister'],
    contact: 'Brian McAllister',
  },
  {
    name: 'POLYTECH High School',
    domain: 'polytech.demo.test',
    principal: 'Dr. Raymond Ellis',
    educators: ['Chef Carla Jimenez', 'Steven Park'],
    contact: 'Carla Jimenez',
  },
  {
    name: 'Dover High School',
    domain: 'doverhs.demo.test',
    principal: 'Courtney Adams',
    educators: ['Chef Marcus Bell'],
    contact: 'Marcus Bell',
  },
  {
    name: 'Caesar Rodney High School',
    domain: 'caesarrodney.demo.test',
    principal: 'Dr. Alan Whitmore',
    educators: ['Chef Nicole Harper', 'Jason Reed'],
    contact: 'Nicole Harper',
  },
  {
    name: 'Smyrna High School',
    domain: 'smyrna.demo.test',
    principal: 'Heather Coleman',
    educators: ['Chef Victor Alvarez'],
    contact: 'Victor Alvarez',
  },
  {
    name: 'Middletown High School',
    domain: 'middletown.demo.test',
    principal: 'Derek Sullivan',
    educators: ['Chef Amanda Brooks', 'Tyrone Gaines'],
    contact: 'Amanda Brooks',
  },
  {
    name: 'Appoquinimink High School',
    domain: 'appo.demo.test',
    principal: 'Dr. Susan Patel',
    educators: ['Chef Ryan Kowalski', 'Erin Walsh', 'Omar Haddad'],
    contact: 'Erin Walsh',
  },
  {
    name: 'Cape Henlopen High School',
    domain: 'capehenlopen.demo.test',
    principal: 'Matthew Burke',
    educators: ['Chef Gina Morales'],
    contact: 'Gina Morales',
  },
  {
    name: 'Sussex Central High School',
    domain: 'sussexcentral.demo.test',
    principal: 'Linda Thompson',
    educators: ['Chef Carlos Mendoza', 'Kathleen Dunn'],
    contact: 'Carlos Mendoza',
  },
  {
    name: 'Indian River High School',
    domain: 'indianriver.demo.test',
    principal: 'Bradley Warren',
    educators: ['Chef Tasha Green'],
    contact: 'Tasha Green',
  },
  {
    name: 'Seaford High School',
    domain: 'seaford.demo.test',
    principal: 'Dr. Monica Rivers',
    educators: ['Chef Phillip Dawson', 'Julie Kramer'],
    contact: 'Phillip Dawson',
  },
  {
    name: 'Milford High School',
    domain: 'milford.demo.test',
    principal: 'Eric Lindqvist',
    educators: ['Chef Rosa Delgado'],
    contact: 'Rosa Delgado',
  },
  {
    name: 'Lake Forest High School',
    domain: 'lakeforest.demo.test',
    principal: 'Tamara Jenkins',
    educators: ['Chef Neil Patterson', 'Ashley Young'],
    contact: 'Neil Patterson',
  },
  {
    name: 'Woodbridge High School',
    domain: 'woodbridge.demo.test',
    principal: 'Curtis Hammond',
    educators: ['Chef Yvonne Baptiste'],
    contact: 'Yvonne Baptiste',
  },
  {
    name: 'William Penn High School',
    domain: 'williampenn.demo.test',
    principal: 'Dr. Frances Oyelaran',
    educators: ['Chef Samuel Greco', 'Dawn Mitchell', 'Isaac Turner'],
    contact: 'Samuel Greco',
  },
  {
    name: 'Glasgow High School',
    domain: 'glasgow.demo.test',
    principal: 'Anthony DiMarco',
    educators: ['Chef Kimberly Shaw'],
    contact: 'Kimberly Shaw',
  },
  {
    name: 'Newark High School',
    domain: 'newarkhs.demo.test',
    principal: 'Rebecca Stone',
    educators: ['Chef Jerome Watkins', 'Megan Fisher'],
    contact: 'Megan Fisher',
  },
  {
    name: 'Christiana High School',
    domain: 'christiana.demo.test',
    principal: 'Dr. Harold Banks',
    educators: ['Chef Alicia Romero'],
    contact: 'Alicia Romero',
  },
  {
    name: 'Dickinson High School',
    domain: 'dickinson.demo.test',
    principal: 'Valerie Chambers',
    educators: ['Chef Terrence Hall', 'Stacy Nolan'],
    contact: 'Terrence Hall',
  },
  {
    name: 'Concord High School',
    domain: 'concord.demo.test',
    principal: 'Jonathan Meyers',
    educators: ['Chef Danielle Price'],
    contact: 'Danielle Price',
  },
];

type SectionKey =
  'knifeSkills' | 'menuPresentation' | 'sanitation' | 'culinaryTechnique' | 'teamwork' | 'managementQuiz';
type PenaltyKey = 'overtime' | 'uniform' | 'knifeHandling' | 'crossContamination' | 'lateArrival';
type DisqualificationKey = 'prePrepared' | 'outsideAssistance' | 'academicDishonesty';

const penalties: Record<PenaltyKey, { name: string; deduction: number; isDynamic: 0 | 1 }> = {
  // Time-based: 0.25 per started 15 seconds over time, up to the deduction.
  overtime: { name: 'Overtime', deduction: 5, isDynamic: 1 },
  uniform: { name: 'Incomplete Uniform', deduction: 2, isDynamic: 0 },
  knifeHandling: { name: 'Unsafe Knife Handling', deduction: 3, isDynamic: 0 },
  crossContamination: { name: 'Cross-Contamination', deduction: 5, isDynamic: 0 },
  lateArrival: { name: 'Late Arrival to Station', deduction: 3, isDynamic: 0 },
};

const disqualifications: Record<DisqualificationKey, string> = {
  prePrepared: 'Pre-Prepared Food Items Brought In',
  outsideAssistance: 'Outside Assistance During Competition',
  academicDishonesty: 'Academic Dishonesty',
};

interface DemoSection {
  name: string;
  description: string;
  subsections: readonly (readonly [name: string, maxScore: number, description: string])[];
  penalties: readonly PenaltyKey[];
  disqualifications: readonly DisqualificationKey[];
}

const sections: Record<SectionKey, DemoSection> = {
  knifeSkills: {
    name: 'Knife Skills',
    description: 'Each competitor produces the required cuts from whole vegetables in 10 minutes.',
    subsections: [
      ['Uniformity of Cuts', 10, 'Julienne, brunoise and medium dice are consistent in size.'],
      ['Precision of Classic Cuts', 10, 'Cuts match the specified dimensions.'],
      ['Knife Handling and Safety', 5, 'Grip, guiding hand and board stability.'],
      ['Yield and Waste Control', 5, 'Usable product maximised, trim saved appropriately.'],
    ],
    penalties: ['overtime', 'knifeHandling', 'uniform'],
    disqualifications: ['prePrepared', 'outsideAssistance'],
  },
  menuPresentation: {
    name: 'Menu Presentation',
    description: 'The team presents its restaurant concept and three-course menu to the judges.',
    subsections: [
      ['Menu Design and Balance', 15, 'Courses complement each other; variety of color and texture.'],
      ['Costing Accuracy', 10, 'Food cost per plate and menu pricing are supported.'],
      ['Visual Presentation', 10, 'Menu layout, boards and printed materials.'],
      ['Oral Presentation', 5, 'Clear, confident, within the allotted time.'],
    ],
    penalties: ['overtime', 'uniform'],
    disqualifications: ['outsideAssistance'],
  },
  sanitation: {
    name: 'Sanitation & Safety',
    description: 'Observed throughout the practical round.',
    subsections: [
      ['Personal Hygiene and Uniform', 5, 'Clean uniform, hair restrained, no jewelry.'],
      ['Workstation Sanitation', 10, 'Sanitizer buckets, clean-as-you-go, final breakdown.'],
      ['Temperature Control', 10, 'Cold holding, cooking and hot holding temperatures checked.'],
    ],
    penalties: ['crossContamination', 'uniform', 'lateArrival'],
    disqualifications: ['outsideAssistance'],
  },
  culinaryTechnique: {
    name: 'Culinary Technique',
    description: 'The team prepares its three-course menu in 60 minutes on two butane burners.',
    subsections: [
      ['Cooking Methods', 20, 'Correct execution of the methods on the menu.'],
      ['Flavor and Seasoning', 15, 'Balanced, properly seasoned components.'],
      ['Doneness and Texture', 10, 'Proteins, starches and vegetables cooked correctly.'],
      ['Sauce Work', 10, 'Consistency, flavor and appropriate quantity.'],
      ['Timing and Organization', 5, 'Mise en place and plating within the time limit.'],
    ],
    penalties: ['overtime', 'crossContamination', 'knifeHandling'],
    disqualifications: ['prePrepared', 'outsideAssistance'],
  },
  teamwork: {
    name: 'Teamwork',
    description: 'How the team works together across the whole competition.',
    subsections: [
      ['Communication', 10, 'Team members keep each other informed.'],
      ['Division of Tasks', 10, 'Every member has a clear, meaningful role.'],
      ['Professionalism', 5, 'Courtesy toward judges, staff and other teams.'],
    ],
    penalties: ['lateArrival', 'uniform'],
    disqualifications: ['outsideAssistance'],
  },
  managementQuiz: {
    name: 'Management Quiz',
    description: 'Written quiz and critical-thinking scenario on restaurant management.',
    subsections: [
      ['Food Safety Regulations', 10, 'Questions on the FDA Food Code and HACCP.'],
      ['Cost Control', 10, 'Food, labor and overhead cost calculations.'],
      ['Marketing and Guest Service', 10, 'Promotion, guest recovery and service standards.'],
      ['Critical Thinking Scenario', 5, 'Response to a staffing or service problem.'],
    ],
    penalties: ['overtime', 'lateArrival'],
    disqualifications: ['academicDishonesty', 'outsideAssistance'],
  },
};

const studentFirstNames = `
  Aaliyah Aiden Ava Brandon Camila Caleb Chloe Dylan Elena Ethan Gabriel Grace Hannah Isaiah
  Jada Jordan Kayla Liam Lucas Madison Mason Mia Nathan Olivia Owen Riley Samuel Sofia Tyler
  Zoe
`
  .trim()
  .split(/\s+/);
const studentLastNames = `
  Anderson Baker Campbell Diaz Evans Flores Garcia Hughes Jackson Lopez Martin Nelson Patel
  Quinn Robinson Scott Torres Walker Wilson Young Nguyen Murphy Rivera Cooper Price
`
  .trim()
  .split(/\s+/);

/** A small deterministic generator, so the demo looks the same every time it is loaded. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) throw new Error(`Expected a YYYY-MM-DD date, got "${date}"`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return formatDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Calendar months; the day is clamped to the target month (Mar 31 − 1 month = Feb 28/29). */
function addMonths(date: string, months: number): string {
  const { year, month, day } = parseDate(date);
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const daysInTarget = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, daysInTarget));
  return formatDate(firstOfTarget);
}

/** 'HH:mm' for a number of minutes after midnight. */
function timeOfDay(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function at(date: string, time: string): string {
  return `${date}T${time}:00.000Z`;
}

function emailOf(fullName: string, domain: string): string {
  const [first = '', ...rest] = fullName.replace(/^(Chef|Dr\.) /, '').split(' ');
  const last = rest.at(-1) ?? '';
  return `${first}.${last}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
}

/** The Delaware area code and the 555-01xx range reserved for fiction. */
function phoneNumber(index: number): string {
  return `302555${String(100 + index).padStart(4, '0')}`;
}

type Trx = Transaction<Database>;

interface CategoryPlan {
  name: string;
  sections: readonly SectionKey[];
  /** Indexes into `schools`, in running order. */
  schoolIndexes: readonly number[];
  /** Per section (same order as `sections`): judge numbers (1 = judge1). */
  judgeNumbers: readonly (readonly number[])[];
}

interface EventPlan {
  name: string;
  startDate: string;
  startTime: string;
  status: 'NOT_STARTED' | 'STARTED';
  isTestEvent: 0 | 1;
  createdAt: string;
  categories: readonly CategoryPlan[];
}

interface CreatedCategory {
  categoryId: number;
  eventId: number;
  plan: CategoryPlan;
  schoolIds: readonly number[];
}

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => from + index);
}

/**
 * Loads the demo state into an empty database (states already seeded by the migrations),
 * all in one transaction: either the whole demo is there or none of it.
 */
export async function loadDemoData(db: Kysely<Database>, options: DemoDataOptions): Promise<void> {
  const { passwordHash, today } = options;
  parseDate(today);
  const signupDate = addMonths(today, -2);
  const setupDate = addDays(signupDate, 3);
  const year = today.slice(0, 4);
  const random = createRandom(20260315);

  await db.transaction().execute(async (trx) => {
    const delaware = await trx
      .selectFrom('state')
      .select('state_id')
      .where('state_code', '=', 'DE')
      .executeTakeFirstOrThrow();
    const stateId = delaware.state_id;
    const signupStamp = at(signupDate, '14:00');
    const setupStamp = at(setupDate, '15:30');

    const userIds = new Map<string, number>();
    const userRows = [
      ...staff.map((user) => ({ ...user, createdAt: signupStamp })),
      ...judges.map(([firstName, lastName], index) => ({
        email: `judge${index + 1}@demo.test`,
        role: 'JUDGE' as const,
        firstName,
        lastName,
        createdAt: setupStamp,
      })),
    ];
    for (const [index, user] of userRows.entries()) {
      const row = await trx
        .insertInto('app_user')
        .values({
          state_id: stateId,
          email: user.email,
          password_hash: passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          phone: phoneNumber(index + 1),
          role: user.role,
          created_at: user.createdAt,
          updated_at: user.createdAt,
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      userIds.set(user.email, row.user_id);
    }
    const userIdOf = (email: string): number => {
      const userId = userIds.get(email);
      if (userId === undefined) throw new Error(`No demo user ${email}`);
      return userId;
    };
    const judgeIdOf = (judgeNumber: number): number => userIdOf(`judge${judgeNumber}@demo.test`);

    await trx
      .insertInto('judge_profile')
      .values(
        judges.map((_, index) => ({
          user_id: judgeIdOf(index + 1),
          state_id: stateId,
          created_at: setupStamp,
        })),
      )
      .execute();

    await trx
      .insertInto('account')
      .values({
        state_id: stateId,
        signup_date: signupDate,
        expiration_date: addMonths(signupDate, 12),
        primary_user_id: userIdOf(DEMO_LOGINS.admin),
        created_at: signupStamp,
        updated_at: signupStamp,
      })
      .execute();

    const schoolIds: number[] = [];
    for (const [index, school] of schools.entries()) {
      const [educator1, educator2 = null, educator3 = null] = school.educators;
      const row = await trx
        .insertInto('school')
        .values({
          state_id: stateId,
          school_name: school.name,
          principal: school.principal,
          educator1,
          educator2,
          educator3,
          contact_name: school.contact,
          contact_email: emailOf(school.contact, school.domain),
          contact_phone: phoneNumber(40 + index),
          created_at: setupStamp,
          updated_at: setupStamp,
        })
        .returning('school_id')
        .executeTakeFirstOrThrow();
      schoolIds.push(row.school_id);
    }

    const penaltyIds = new Map<PenaltyKey, number>();
    for (const [key, penalty] of Object.entries(penalties) as [PenaltyKey, (typeof penalties)[PenaltyKey]][]) {
      const row = await trx
        .insertInto('penalty')
        .values({
          state_id: stateId,
          penalty_name: penalty.name,
          deduction: penalty.deduction,
          is_dynamic: penalty.isDynamic,
          created_at: setupStamp,
        })
        .returning('penalty_id')
        .executeTakeFirstOrThrow();
      penaltyIds.set(key, row.penalty_id);
    }
    const disqualificationIds = new Map<DisqualificationKey, number>();
    for (const [key, name] of Object.entries(disqualifications) as [DisqualificationKey, string][]) {
      const row = await trx
        .insertInto('disqualification')
        .values({ state_id: stateId, disqualification_name: name, created_at: setupStamp })
        .returning('disqualification_id')
        .executeTakeFirstOrThrow();
      disqualificationIds.set(key, row.disqualification_id);
    }

    const sectionIds = new Map<SectionKey, number>();
    /** Per section: [subsection_id, max_score] in display order. */
    const subsectionsOf = new Map<SectionKey, [number, number][]>();
    for (const [key, section] of Object.entries(sections) as [SectionKey, DemoSection][]) {
      const { section_id: sectionId } = await trx
        .insertInto('section')
        .values({
          state_id: stateId,
          section_name: section.name,
          section_description: section.description,
          created_at: setupStamp,
          updated_at: setupStamp,
        })
        .returning('section_id')
        .executeTakeFirstOrThrow();
      sectionIds.set(key, sectionId);
      const subsections: [number, number][] = [];
      for (const [name, maxScore, description] of section.subsections) {
        const row = await trx
          .insertInto('subsection')
          .values({
            section_id: sectionId,
            state_id: stateId,
            subsection_name: name,
            subsection_description: description,
            max_score: maxScore,
            created_at: setupStamp,
          })
          .returning('subsection_id')
          .executeTakeFirstOrThrow();
        subsections.push([row.subsection_id, maxScore]);
      }
      subsectionsOf.set(key, subsections);
      await trx
        .insertInto('section_penalty')
        .values(
          section.penalties.map((penalty) => ({
            section_id: sectionId,
            penalty_id: lookup(penaltyIds, penalty),
            state_id: stateId,
          })),
        )
        .execute();
      await trx
        .insertInto('section_disqualification')
        .values(
          section.disqualifications.map((disqualification) => ({
            section_id: sectionId,
            disqualification_id: lookup(disqualificationIds, disqualification),
            state_id: stateId,
          })),
        )
        .execute();
    }

    const invitationalDate = addDays(today, 14);
    const events: EventPlan[] = [
      {
        name: `Delaware ProStart Invitational ${invitationalDate.slice(0, 4)}`,
        startDate: invitationalDate,
        startTime: '08:30',
        status: 'NOT_STARTED',
        isTestEvent: 0,
        createdAt: at(addDays(today, -20), '16:00'),
        categories: [
          {
            name: 'Culinary',
            sections: ['knifeSkills', 'sanitation', 'culinaryTechnique'],
            schoolIndexes: range(0, 12),
            judgeNumbers: [
              [1, 2],
              [1, 3],
              [1, 4],
            ],
          },
          {
            name: 'Restaurant Management',
            sections: ['menuPresentation', 'teamwork', 'managementQuiz'],
            schoolIndexes: range(6, 12),
            judgeNumbers: [
              [5, 6],
              [7, 8],
              [5, 9],
            ],
          },
        ],
      },
      {
        name: `Delaware Hospitality Classic ${year}`,
        startDate: today,
        startTime: '08:00',
        status: 'STARTED',
        isTestEvent: 0,
        createdAt: at(addDays(today, -30), '13:15'),
        categories: [
          {
            name: 'Culinary Arts',
            sections: ['knifeSkills', 'sanitation', 'culinaryTechnique'],
            schoolIndexes: range(12, 8),
            judgeNumbers: [
              [1, 10],
              [10, 11],
              [11, 12],
            ],
          },
          {
            name: 'Hospitality Management',
            sections: ['menuPresentation', 'teamwork'],
            schoolIndexes: [20, 21, 22, 23, 0, 1, 2, 3],
            judgeNumbers: [
              [2, 3],
              [4, 6],
            ],
          },
        ],
      },
      {
        name: 'Judge Training Round',
        startDate: addDays(today, 7),
        startTime: '16:00',
        status: 'NOT_STARTED',
        isTestEvent: 1,
        createdAt: at(addDays(today, -5), '10:00'),
        categories: [
          {
            name: 'Practice Knife Skills',
            sections: ['knifeSkills'],
            schoolIndexes: [4, 5, 6],
            judgeNumbers: [[7, 8]],
          },
        ],
      },
    ];

    let studentCounter = 0;
    const nextStudents = (): string[] => {
      const count = 2 + Math.floor(random() * 4);
      return range(0, count).map(() => {
        studentCounter += 1;
        const first = pick(studentFirstNames, studentCounter * 7);
        const last = pick(studentLastNames, studentCounter * 11 + Math.floor(studentCounter / 25));
        return `${first} ${last}`;
      });
    };

    const createdCategories: CreatedCategory[] = [];
    for (const plan of events) {
      const { event_id: eventId } = await trx
        .insertInto('event')
        .values({
          state_id: stateId,
          event_name: plan.name,
          start_date: plan.startDate,
          start_time: plan.startTime,
          end_date: plan.startDate,
          status: plan.status,
          is_test_event: plan.isTestEvent,
          started_at: plan.status === 'STARTED' ? at(today, plan.startTime) : null,
          created_at: plan.createdAt,
          updated_at: plan.status === 'STARTED' ? at(today, plan.startTime) : plan.createdAt,
        })
        .returning('event_id')
        .executeTakeFirstOrThrow();

      for (const categoryPlan of plan.categories) {
        const { category_id: categoryId } = await trx
          .insertInto('category')
          .values({
            event_id: eventId,
            state_id: stateId,
            category_name: categoryPlan.name,
            created_at: plan.createdAt,
          })
          .returning('category_id')
          .executeTakeFirstOrThrow();
        const categorySchoolIds = categoryPlan.schoolIndexes.map((index) => pick(schoolIds, index));
        createdCategories.push({
          categoryId,
          eventId,
          plan: categoryPlan,
          schoolIds: categorySchoolIds,
        });

        await trx
          .insertInto('category_registration')
          .values(
            categorySchoolIds.map((schoolId, order) => ({
              category_id: categoryId,
              school_id: schoolId,
              state_id: stateId,
              students_json: JSON.stringify(nextStudents()),
              school_order: order,
              registered_at: at(addDays(plan.createdAt.slice(0, 10), 2 + (order % 5)), '11:00'),
            })),
          )
          .execute();
        await trx
          .insertInto('category_section')
          .values(
            categoryPlan.sections.map((section, position) => ({
              category_id: categoryId,
              section_id: lookup(sectionIds, section),
              state_id: stateId,
              position,
            })),
          )
          .execute();
        await trx
          .insertInto('judge_assignment')
          .values(
            categoryPlan.sections.flatMap((section, position) =>
              (categoryPlan.judgeNumbers[position] ?? []).map((judgeNumber) => ({
                category_id: categoryId,
                section_id: lookup(sectionIds, section),
                judge_id: judgeIdOf(judgeNumber),
                state_id: stateId,
                created_at: plan.createdAt,
              })),
            ),
          )
          .execute();
      }
    }

    const inProgress = createdCategories.find((category) => category.plan.name === 'Culinary Arts');
    if (inProgress === undefined) throw new Error('The in-progress demo category is missing');
    await insertPartialScores(trx, {
      stateId,
      today,
      category: inProgress,
      random,
      judgeIdOf,
      sectionIds,
      subsectionsOf,
      penaltyIds,
    });
  });
}

function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Missing demo id for ${String(key)}`);
  return value;
}

interface PartialScoresContext {
  stateId: number;
  today: string;
  category: CreatedCategory;
  random: () => number;
  judgeIdOf: (judgeNumber: number) => number;
  sectionIds: ReadonlyMap<SectionKey, number>;
  subsectionsOf: ReadonlyMap<SectionKey, [number, number][]>;
  penaltyIds: ReadonlyMap<PenaltyKey, number>;
}

/** How many schools (in running order) each judge of the in-progress category has scored. */
const schoolsScoredByJudge: Record<number, number> = { 1: 5, 10: 3, 11: 8, 12: 2 };

/**
 * The in-progress event's first category, part-scored: every judge has scored the first few
 * schools of their sections, one applied a time penalty still pending review, nobody has
 * submitted yet.
 */
async function insertPartialScores(trx: Trx, context: PartialScoresContext): Promise<void> {
  const { stateId, today, category, random, judgeIdOf, sectionIds, subsectionsOf, penaltyIds } = context;
  const scores: NewSubsectionScoreRow[] = [];
  let minute = 0;
  for (const [position, section] of category.plan.sections.entries()) {
    const sectionId = lookup(sectionIds, section);
    for (const judgeNumber of category.plan.judgeNumbers[position] ?? []) {
      const scoredSchools = category.schoolIds.slice(0, schoolsScoredByJudge[judgeNumber] ?? 0);
      for (const schoolId of scoredSchools) {
        minute += 1;
        const stamp = at(today, timeOfDay(9 * 60 + minute));
        for (const [subsectionId, maxScore] of lookup(subsectionsOf, section)) {
          // Between 60% and 95% of the maximum, in steps of 0.25, never below 1.
          const raw = maxScore * (0.6 + 0.35 * random());
          scores.push({
            score_id: crypto.randomUUID(),
            state_id: stateId,
            event_id: category.eventId,
            category_id: category.categoryId,
            section_id: sectionId,
            school_id: schoolId,
            judge_id: judgeIdOf(judgeNumber),
            subsection_id: subsectionId,
            score: Math.max(1, Math.round(raw * 4) / 4),
            comments: random() < 0.15 ? 'Strong fundamentals; watch consistency.' : null,
            created_at: stamp,
            updated_at: stamp,
          });
        }
      }
    }
  }
  await trx.insertInto('subsection_score').values(scores).execute();

  const penaltyStamp = at(today, '10:05');
  await trx
    .insertInto('penalty_score')
    .values({
      score_id: crypto.randomUUID(),
      state_id: stateId,
      event_id: category.eventId,
      category_id: category.categoryId,
      section_id: lookup(sectionIds, 'knifeSkills'),
      school_id: pick(category.schoolIds, 1),
      judge_id: judgeIdOf(10),
      penalty_id: lookup(penaltyIds, 'overtime'),
      // 84 seconds over time: 6 started 15-second periods × 0.25.
      amount: 1.5,
      comments: 'Finished 1:24 over the 10-minute limit.',
      created_at: penaltyStamp,
      updated_at: penaltyStamp,
    })
    .execute();
}

/** True while no user exists: the demo (or a first account) may be loaded. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const user = await db.selectFrom('app_user').select('user_id').limit(1).executeTakeFirst();
  return user === undefined;
}
