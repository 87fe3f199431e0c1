// The demo's data, and only its data: who the Delaware demo account's users are, its 24 schools,
// its culinary and hospitality criteria, and the three events (relative to `today`). The loader
// (demo-data.ts) inserts this catalogue in steps.
import { addDays, at, range } from './demo-helpers.ts';

/** The demo logins by role; the header's "Student" quick-fill is the STANDARD user. */
export const DEMO_LOGINS = {
  ultra: 'ultra@demo.test',
  super: 'super@demo.test',
  admin: 'admin@demo.test',
  standard: 'standard@demo.test',
  judge: 'judge1@demo.test',
} as const;

export const judges = [
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

export const staff = [
  { email: DEMO_LOGINS.ultra, role: 'ULTRA', firstName: 'Morgan', lastName: 'Ellis' },
  { email: DEMO_LOGINS.super, role: 'SUPER', firstName: 'Dana', lastName: 'Whitaker' },
  { email: DEMO_LOGINS.admin, role: 'ADMIN', firstName: 'Karen', lastName: 'Okafor' },
  { email: DEMO_LOGINS.standard, role: 'STANDARD', firstName: 'Luis', lastName: 'Ortega' },
] as const;

export interface DemoSchool {
  name: string;
  /** The part after the @ of the contact's (fictional) email address. */
  domain: string;
  principal: string;
  educators: readonly [string, ...string[]];
  contact: string;
}

export const schools: readonly DemoSchool[] = [
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

export type SectionKey =
  'knifeSkills' | 'menuPresentation' | 'sanitation' | 'culinaryTechnique' | 'teamwork' | 'managementQuiz';
export type PenaltyKey = 'overtime' | 'uniform' | 'knifeHandling' | 'crossContamination' | 'lateArrival';
export type DisqualificationKey = 'prePrepared' | 'outsideAssistance' | 'academicDishonesty';

export const penalties: Record<PenaltyKey, { name: string; deduction: number; isDynamic: 0 | 1 }> = {
  // Time-based: 0.25 per started 15 seconds over time, up to the deduction.
  overtime: { name: 'Overtime', deduction: 5, isDynamic: 1 },
  uniform: { name: 'Incomplete Uniform', deduction: 2, isDynamic: 0 },
  knifeHandling: { name: 'Unsafe Knife Handling', deduction: 3, isDynamic: 0 },
  crossContamination: { name: 'Cross-Contamination', deduction: 5, isDynamic: 0 },
  lateArrival: { name: 'Late Arrival to Station', deduction: 3, isDynamic: 0 },
};

export const disqualifications: Record<DisqualificationKey, string> = {
  prePrepared: 'Pre-Prepared Food Items Brought In',
  outsideAssistance: 'Outside Assistance During Competition',
  academicDishonesty: 'Academic Dishonesty',
};

export interface DemoSection {
  name: string;
  description: string;
  subsections: readonly (readonly [name: string, maxScore: number, description: string])[];
  penalties: readonly PenaltyKey[];
  disqualifications: readonly DisqualificationKey[];
}

export const sections: Record<SectionKey, DemoSection> = {
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

export const studentFirstNames = `
  Aaliyah Aiden Ava Brandon Camila Caleb Chloe Dylan Elena Ethan Gabriel Grace Hannah Isaiah
  Jada Jordan Kayla Liam Lucas Madison Mason Mia Nathan Olivia Owen Riley Samuel Sofia Tyler
  Zoe
`
  .trim()
  .split(/\s+/);
export const studentLastNames = `
  Anderson Baker Campbell Diaz Evans Flores Garcia Hughes Jackson Lopez Martin Nelson Patel
  Quinn Robinson Scott Torres Walker Wilson Young Nguyen Murphy Rivera Cooper Price
`
  .trim()
  .split(/\s+/);

export interface CategoryPlan {
  name: string;
  sections: readonly SectionKey[];
  /** Indexes into `schools`, in running order. */
  schoolIndexes: readonly number[];
  /** Per section (same order as `sections`): judge numbers (1 = judge1). */
  judgeNumbers: readonly (readonly number[])[];
}

export interface EventPlan {
  name: string;
  startDate: string;
  startTime: string;
  status: 'NOT_STARTED' | 'STARTED';
  isTestEvent: 0 | 1;
  createdAt: string;
  categories: readonly CategoryPlan[];
}

/** The demo's events: an upcoming invitational, one in progress today, and a test event. */
export function demoEvents(today: string): EventPlan[] {
  const year = today.slice(0, 4);
  const invitationalDate = addDays(today, 14);
  return [
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
}
