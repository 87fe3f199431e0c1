// The help page's guides, written for this product (decisions §4: in-app, printable pages
// that ship in the app bundle, so they open offline like every other screen).

/** One block of a guide: a paragraph, a numbered list of steps, or a bulleted list. */
export type GuideBlock =
  | { kind: 'text'; text: string }
  | { kind: 'steps'; items: readonly string[] }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'tip'; text: string };

export interface GuideSection {
  heading: string;
  blocks: readonly GuideBlock[];
}

export interface Guide {
  slug: GuideSlug;
  title: string;
  summary: string;
  sections: readonly GuideSection[];
}

export const GuideSlug = {
  Overview: 'application-overview',
  Coordinator: 'coordinator-tutorial',
  Judge: 'judge-tutorial',
  RegisterSchool: 'register-a-school',
  RegisterJudge: 'register-as-a-judge',
} as const;
export type GuideSlug = (typeof GuideSlug)[keyof typeof GuideSlug];

export const guides: readonly Guide[] = [
  {
    slug: GuideSlug.Overview,
    title: 'Application overview',
    summary: 'What Invitational Scorecard does, who uses it and how an invitational runs from start to finish.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          {
            kind: 'text',
            text: 'Invitational Scorecard runs state culinary and hospitality invitationals. Coordinators set up events, schools register their teams, judges score the teams on tablets, and the results are computed and published from the same scores.',
          },
        ],
      },
      {
        heading: 'Who uses it',
        blocks: [
          {
            kind: 'list',
            items: [
              'Coordinators (Admin users) manage their state: events and categories, scoring criteria, schools, judges and the state account.',
              'Standard users see the same admin screens but cannot change anything.',
              'Judges score the schools of the categories and criteria sections they are assigned to.',
              'Schools register teams for an event, with up to five students per category.',
              'Visitors can read about the product, contact a coordinator and request an account for their state.',
            ],
          },
        ],
      },
      {
        heading: 'How an invitational runs',
        blocks: [
          {
            kind: 'steps',
            items: [
              'The coordinator builds the criteria: sections (for example Knife Skills) with subsections scored from 1 up to a maximum, plus penalties and disqualifications.',
              'The coordinator adds the event with its categories, attaches criteria sections to each category and assigns judges to each section.',
              'Schools register online until the event starts; the coordinator sets the running order of the schools in each category.',
              'On the day, the coordinator starts the event. Judges score every school on their tablets, online or offline, and submit each category when it is complete.',
              'The coordinator reviews penalties and disqualifications, ends the event once every judge has submitted, and prints or exports the results.',
            ],
          },
        ],
      },
      {
        heading: 'How scores add up',
        blocks: [
          {
            kind: 'list',
            items: [
              "A judge's sheet for a school and section is the sum of the subsection scores minus that judge's penalties.",
              'A section score is the average of the sheets of the judges assigned to that section.',
              'A category score is the sum of its section scores. Any counting disqualification makes it 0 (DQ).',
              'Equal scores share a place (T-2). Results of an event still running are provisional; results of a closed event are final.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: GuideSlug.Coordinator,
    title: 'Coordinator tutorial',
    summary: 'Set up criteria, events, categories, judges and schools, then run the event and publish results.',
    sections: [
      {
        heading: 'Before the season: criteria and judges',
        blocks: [
          {
            kind: 'steps',
            items: [
              'Open Criteria. Add a section for each part of the competition, then open it to add subsections (each with a score range of 1 to its maximum).',
              'Under the Penalty and Disqualification tabs, add the penalties (a fixed deduction, or a variable time penalty) and disqualifications, then attach them to the sections where they apply.',
              'Open Judges and add your judges, or ask them to register themselves on the Judge Registration page.',
            ],
          },
        ],
      },
      {
        heading: 'Create the event',
        blocks: [
          {
            kind: 'steps',
            items: [
              'Open Dashboard & Events and press Add event.',
              'Enter the name, the start date (today or later), an optional start time and the end date (not before the start).',
              'List the categories (at least one). Tick Test event for a rehearsal: a test event is hidden from public registration and can be deleted afterwards.',
              'Press View on the event to see its categories; add more with Add category.',
            ],
          },
        ],
      },
      {
        heading: 'Set up each category',
        blocks: [
          {
            kind: 'steps',
            items: [
              'Open a category and press Select sections to attach the criteria sections judges will score.',
              'Press Add judges on each section and tick the judges who score it. Remove a judge with the × on their name.',
              'Schools appear once registered. Use Register school to register one yourself.',
              'Set the running order: drag a school by its handle, or focus the handle and use Space, the arrow keys and Space again. The order is saved at once ("Schools order updated").',
              'Use Students to correct a team list (up to five names, separated by commas).',
            ],
          },
          {
            kind: 'tip',
            text: 'Anything judges already scored cannot be removed: the button shows "Scored" instead. A closed event cannot be changed at all.',
          },
        ],
      },
      {
        heading: 'Run the event',
        blocks: [
          {
            kind: 'steps',
            items: [
              'On the day, press Run on the event and Start event.',
              'Follow the judges per category. A judge who submitted too early can be unlocked while the event is in progress.',
              'Review school penalties and disqualifications once a category is fully judged.',
              'End the event when every judge has submitted. Results are then final; print them or export them as CSV.',
            ],
          },
        ],
      },
      {
        heading: 'Requests and documents',
        blocks: [
          {
            kind: 'list',
            items: [
              'Contact messages, account requests and registration change requests arrive in the Inbox; mark each one handled when it is answered.',
              'Upload competition documents (rules, menus, forms) on the Online Resources page for your state.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: GuideSlug.Judge,
    title: 'Judge tutorial',
    summary: 'Log in, get the event onto your tablet, score offline, and sync and submit your scores.',
    sections: [
      {
        heading: 'Before the event: get ready for offline judging',
        blocks: [
          {
            kind: 'text',
            text: 'Competition kitchens often have no reliable network. The app keeps everything you need on the tablet, but it has to be online once first.',
          },
          {
            kind: 'steps',
            items: [
              'While you have a network (at home or at check-in), open the app on the tablet you will judge with and log in with your judge email and password.',
              'On your judge dashboard, choose the event. The app downloads the event: your categories, the schools in running order and the criteria you score.',
              'Install the app on the home screen, so the browser keeps its data: in Chrome or Edge press Install app on the "Ready for offline" panel (or menu ⋮ → Install app / Add to Home screen); on an iPad in Safari use Share → Add to Home Screen. Then open the app from its icon and log in there.',
              'Check the "Ready for offline" panel. Wait until it says "Ready to judge offline ✓" before you leave the network: the app, all its files, the event and your photos are then on the tablet (tap the line for the details). If a line stays red, press Refresh now while online.',
              'Keep the tablet charged. Do not log out and do not clear the browser data before your scores are synced.',
            ],
          },
        ],
      },
      {
        heading: 'Scoring',
        blocks: [
          {
            kind: 'steps',
            items: [
              'Choose your category, then the school in front of you, then the criteria section.',
              'Press Score on each subsection, choose the score (in steps of 0.25) and add a comment if useful.',
              'Apply a penalty or disqualification from its drop-down, with a comment and, if useful, a photo. For a time penalty enter the time over (mm:ss); the app works out the deduction.',
              'Press Done when every subsection is scored, and go on to the next school.',
            ],
          },
          {
            kind: 'tip',
            text: 'Every score is saved on the tablet the moment you enter it, network or not: the status bar says "Saved on this tablet".',
          },
        ],
      },
      {
        heading: 'Photos',
        blocks: [
          {
            kind: 'list',
            items: [
              'The tablet makes a smaller copy of each photo before keeping it: the long side becomes 2048 pixels (at least 1600, enough to read a label or see a cut), saved as a JPEG of a few hundred KB instead of several MB.',
              'Why: small photos reach the server quickly over a busy venue network, every browser can show them, and they are turned the right way up.',
              'The copy leaves out the hidden details a camera adds to its files, such as where the photo was taken. The time it was taken is kept beside the photo, and the coordinator sees it with the photo.',
              'Frame what matters and hold the tablet steady: the copy keeps what the camera caught, not more.',
            ],
          },
        ],
      },
      {
        heading: 'Syncing',
        blocks: [
          {
            kind: 'list',
            items: [
              'The status bar says whether the server answers. "Can\'t reach the server: 3 changes saved on this tablet" means your scores are safe on the tablet and are sent as soon as the server answers again; you need not enter them again.',
              'A row marked "not sent" is on this tablet only; the mark goes away once the server has it. Each school and section shows how many of its rows are not sent yet. "All sent", in green, means the server has everything.',
              'If you were offline, reconnect before you submit and wait until nothing is left waiting.',
              'If your login expired while offline, log in again: your waiting scores are kept and sent afterwards.',
            ],
          },
        ],
      },
      {
        heading: 'Submitting',
        blocks: [
          {
            kind: 'steps',
            items: [
              'When every school in a category is scored, submit the category from your dashboard.',
              'Submitting locks your scores for that category. If you need to change something afterwards, ask the coordinator to unlock it.',
              'Submitted without a connection, the category says "Submitted on this tablet: sent when connected". Once the server has it, the category says when it was received.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: GuideSlug.RegisterSchool,
    title: 'How to register a school',
    summary: 'Register your teams for an invitational, and what to do if something changes later.',
    sections: [
      {
        heading: 'Register',
        blocks: [
          {
            kind: 'steps',
            items: [
              'Open School Registration (the School button on the home page).',
              'Choose your state, then the event. Only events that have not started yet are listed.',
              'Choose your school from the list. If it is not there, choose "* My school is not listed *" and enter the school name, at least one educator and the primary contact (name, email and cell phone).',
              'Tick each category your school enters and type the students of that team, separated by commas (up to five per category).',
              'Press Register school. You see "Registration successful." when it worked.',
            ],
          },
        ],
      },
      {
        heading: 'Changes after registering',
        blocks: [
          {
            kind: 'text',
            text: 'A school registers once per event. If you try again you will see "School is already registered". To change students, categories or contacts, send a registration change request from the link shown there; your state coordinator makes the change.',
          },
        ],
      },
    ],
  },
  {
    slug: GuideSlug.RegisterJudge,
    title: 'How to register as a judge',
    summary: 'Create your judge login and get ready for your first event.',
    sections: [
      {
        heading: 'Register',
        blocks: [
          {
            kind: 'steps',
            items: [
              'Open Judge Registration (the Judge button on the home page).',
              'Choose your state and enter your first and last name, email and phone.',
              'Choose a password of 8 to 64 characters and type it again to confirm.',
              'Press Register. You see "Registration successful." and can log in right away with your email and password.',
            ],
          },
        ],
      },
      {
        heading: 'Next steps',
        blocks: [
          {
            kind: 'list',
            items: [
              'Your coordinator assigns you to categories and criteria sections; they appear on your judge dashboard.',
              'Before the event, follow the judge tutorial to get your tablet ready for offline judging.',
              'Forgot your password? Use "Forgot my password" in the login panel.',
            ],
          },
        ],
      },
    ],
  },
];

/** The guide with that slug, or undefined. */
export function findGuide(slug: string): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}
