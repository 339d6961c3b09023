import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

// The footer's company and legal pages (docs/product.md §2.19). What they say about data and the
// browser is what the shop does: server/db/migrations (what is stored, and that it goes with the
// account: on delete cascade), src/lib/access-token.ts, the course cart's and the checkout's
// persistence.ts, src/lib/chat-name.ts, src/lib/firebase.ts and src/lib/stripe.ts.

export type InfoSection = { heading: string; body: ReactNode };

export type InfoPage = {
  /** The footer column it is listed in, shown above the heading. */
  group: 'Company' | 'Legal';
  /** The h1, and the browser tab's title. */
  title: string;
  lead: string;
  sections: InfoSection[];
};

const linkClass = 'link link-primary';

/** Every address here is on the reserved `.example` domain. */
const EMAIL = {
  hello: 'hello@learntogether.example',
  privacy: 'privacy@learntogether.example',
  jobs: 'jobs@learntogether.example',
} as const;

function Email({ to }: { to: keyof typeof EMAIL }) {
  return (
    <a className={`${linkClass} break-words`} href={`mailto:${EMAIL[to]}`}>
      {EMAIL[to]}
    </a>
  );
}

function To({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Link className={linkClass} to={path}>
      {children}
    </Link>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-base-content/40">{children}</ul>;
}

/** A name the browser stores something under, as the browser's developer tools show it. */
function Key({ children }: { children: ReactNode }) {
  return (
    <code className="break-words rounded-md bg-base-200 px-1.5 py-0.5 text-sm text-base-content">
      {children}
    </code>
  );
}

const about: InfoPage = {
  group: 'Company',
  title: 'About us',
  lead: 'LearnTogether is an online shop for people who learn better with others: we sell books and online courses, and we run live chat rooms where learners meet by topic.',
  sections: [
    {
      heading: 'What we sell',
      body: (
        <List>
          <li>
            <strong>Books</strong> on programming, short stories and science fiction, shipped to the
            address you give at checkout. Browse the <To path={paths.book}>book catalogue</To>.
          </li>
          <li>
            <strong>Online courses</strong>, from JavaScript to UI design. They are digital: nothing
            is shipped. See <To path={paths.courses}>our online courses</To>.
          </li>
        </List>
      ),
    },
    {
      heading: 'Learning together',
      body: (
        <p>
          Signed in, you can join a live chat room for JavaScript, PHP, Python, Java, TypeScript or
          C#, pick a name, and ask, answer and explain with whoever is there. The{' '}
          <To path={paths.drawing}>drawing board</To>, open to everyone, is there for sketching an
          idea.
        </p>
      ),
    },
    {
      heading: 'How we work',
      body: (
        <>
          <p>
            Prices are in US dollars. Card payments are handled by Stripe: your card number goes
            from your browser straight to Stripe and never reaches our servers. We keep only what
            the shop needs, show no advertising and use no tracking: the{' '}
            <To path={paths.privacy}>privacy policy</To> says exactly what we store.
          </p>
          <p>
            Questions? <To path={paths.contact}>Contact us</To>.
          </p>
        </>
      ),
    },
  ],
};

const contact: InfoPage = {
  group: 'Company',
  title: 'Contact us',
  lead: 'The way to reach us is by email. We read every message and answer by email, usually within two working days.',
  sections: [
    {
      heading: 'Orders, books, courses and your account',
      body: (
        <p>
          Write to <Email to="hello" />. Please write from the email address of your account, and
          name the book or course your message is about.
        </p>
      ),
    },
    {
      heading: 'Your data',
      body: (
        <p>
          To get a copy of your data, correct it, have it deleted, or to unsubscribe from the
          newsletter, write to <Email to="privacy" /> (see the{' '}
          <To path={paths.privacy}>privacy policy</To>).
        </p>
      ),
    },
    {
      heading: 'Working with us',
      body: (
        <p>
          Write to <Email to="jobs" /> (see <To path={paths.jobs}>jobs</To>).
        </p>
      ),
    },
    {
      heading: 'Good to know',
      body: (
        <List>
          <li>LearnTogether is online only: there is no phone line and no shop to visit.</li>
          <li>We will never ask for your password or your card number. Do not send them to us.</li>
        </List>
      ),
    },
  ],
};

const jobs: InfoPage = {
  group: 'Company',
  title: 'Jobs',
  lead: 'We have no open positions at the moment.',
  sections: [
    {
      heading: 'Writing to us anyway',
      body: (
        <>
          <p>
            If you would like to work on the shop, the courses or the chat rooms with us, write to{' '}
            <Email to="jobs" /> with a few lines about yourself and what you would like to do, and a
            link to your work if you have one. We answer every message.
          </p>
          <p>When a position opens, it will be listed on this page.</p>
        </>
      ),
    },
  ],
};

const terms: InfoPage = {
  group: 'Legal',
  title: 'Terms of use',
  lead: 'These terms apply when you use LearnTogether: browsing, buying books or courses, and taking part in the chat rooms. By using the shop you agree to them.',
  sections: [
    {
      heading: 'Your account',
      body: (
        <List>
          <li>
            You sign up with your email address and a password, or with your Google account. Keep
            your password to yourself: you are responsible for what is done with your account.
          </li>
          <li>An admin may delete an account that breaks these terms.</li>
        </List>
      ),
    },
    {
      heading: 'Buying',
      body: (
        <List>
          <li>
            Prices are in US dollars. The amount you pay is the one shown on the payment page,
            worked out by our server from your cart.
          </li>
          <li>
            You pay by card through Stripe. An order is made once Stripe confirms the payment; it is
            then listed under My Orders in your dashboard.
          </li>
          <li>
            Books are shipped to the address you enter at checkout: please check it. Courses are
            digital and are not shipped.
          </li>
          <li>
            If something is wrong with an order, write to <Email to="hello" /> and we will sort it
            out with you.
          </li>
        </List>
      ),
    },
    {
      heading: 'The chat rooms',
      body: (
        <List>
          <li>
            Everything you write in a room is seen by everyone in it, and stays in its history.
          </li>
          <li>
            Be kind and stay on topic. No harassment, no spam, nothing illegal, and nobody
            else&apos;s personal details.
          </li>
          <li>Admins may delete any message, and the account of anyone who breaks these rules.</li>
        </List>
      ),
    },
    {
      heading: 'The drawing board',
      body: (
        <p>
          What you draw stays in your browser: it is not uploaded. Download saves it to your device
          as a picture.
        </p>
      ),
    },
    {
      heading: 'Changes',
      body: (
        <p>
          We may change these terms; the current version is always on this page. Questions go to{' '}
          <Email to="hello" />.
        </p>
      ),
    },
  ],
};

const privacy: InfoPage = {
  group: 'Legal',
  title: 'Privacy policy',
  lead: 'What LearnTogether stores about you, why, for how long, and how to have it deleted. We keep only what the shop needs, we do not sell your data, and we use no advertising or tracking.',
  sections: [
    {
      heading: 'What we store',
      body: (
        <List>
          <li>
            <strong>Your account:</strong> your email address, whether you are a user or an admin,
            when you signed up, and your account&apos;s id at Firebase. Signing in (with a password
            or with Google) is handled by Firebase Authentication, a Google service: your password
            never reaches our servers.
          </li>
          <li>
            <strong>Your profile:</strong> what you type into it, if anything: name, university,
            phone number, address and a social media link.
          </li>
          <li>
            <strong>Your book cart:</strong> the books in it and how many of each.
          </li>
          <li>
            <strong>Your orders and payments:</strong> what you bought (name, quantity, price), the
            amount paid, Stripe&apos;s id of the payment (its PaymentIntent) and the shipping
            address you entered (name, email, street address, city, state, postal code, country).
          </li>
          <li>
            <strong>Chat messages:</strong> the room, the name you chose, the text and the time,
            tied to your account.
          </li>
          <li>
            <strong>The newsletter:</strong> the email address you enter in the footer&apos;s form.
          </li>
        </List>
      ),
    },
    {
      heading: 'Card payments',
      body: (
        <p>
          Card payments are handled by Stripe. Your card details go from your browser straight to
          Stripe and never touch our servers: we keep only the PaymentIntent id, the amount and the
          lines paid for.
        </p>
      ),
    },
    {
      heading: 'Who else handles it',
      body: (
        <List>
          <li>Firebase Authentication (Google), for signing up and signing in.</li>
          <li>Stripe, for card payments.</li>
          <li>
            EmailJS, which sends the newsletter&apos;s welcome mail to the address you subscribe
            with, when we send one.
          </li>
        </List>
      ),
    },
    {
      heading: 'How long we keep it',
      body: (
        <List>
          <li>Your account and profile: until the account is deleted.</li>
          <li>
            Your book cart: until you take a book out of it, pay for it (it then becomes an order),
            or the account is deleted.
          </li>
          <li>
            Orders and payments: as long as your account exists. Deleting an order under My Orders
            removes it from your list; the payment record behind it, and every order, is deleted
            with the account.
          </li>
          <li>Chat messages: until an admin deletes them, or the account is deleted.</li>
          <li>
            The newsletter address: until you ask us to unsubscribe it. It is not part of your
            account, so deleting the account does not remove it.
          </li>
        </List>
      ),
    },
    {
      heading: 'Seeing, correcting and deleting your data',
      body: (
        <>
          <p>
            You can change your profile yourself in your dashboard. For a copy of your data, to
            delete your account, or to unsubscribe from the newsletter, write to{' '}
            <Email to="privacy" /> from the email address of your account.
          </p>
          <p>
            Deleting an account (we do it on your request, and an admin can do it from the
            dashboard) deletes its profile, book cart, orders, payment records and chat messages,
            and the sign-in at Firebase.
          </p>
        </>
      ),
    },
    {
      heading: 'In your browser',
      body: (
        <p>
          What the shop keeps in your browser, and for how long, is in the{' '}
          <To path={paths.cookies}>cookie policy</To>.
        </p>
      ),
    },
  ],
};

const cookies: InfoPage = {
  group: 'Legal',
  title: 'Cookie policy',
  lead: 'LearnTogether uses no tracking or advertising cookies and no analytics, and our own servers set no cookies at all. Below is everything the shop keeps in your browser, and why.',
  sections: [
    {
      heading: 'Kept by the shop',
      body: (
        <List>
          <li>
            <Key>accessToken</Key> (local storage): your sign-in to our server, while you are signed
            in. It lasts two hours, an open tab renews it, and logging out removes it.
          </li>
          <li>
            <Key>courseCart</Key> (local storage): your course cart (the courses and how many of
            each), so that it is still there after a reload. It stays in your browser until you
            clear this site&apos;s data.
          </li>
          <li>
            <Key>checkout</Key> (local storage): while you pay, which cart you are paying for, its
            total and the shipping address you typed, so that a reload does not lose them. It is
            cleared once the payment is done.
          </li>
          <li>
            <Key>chatName</Key> (session storage): the name you chose for the chat, for this tab
            only. It goes when you close the tab.
          </li>
        </List>
      ),
    },
    {
      heading: 'Kept by Firebase, for signing in',
      body: (
        <p>
          Firebase Authentication keeps your signed-in session in local storage, under a name
          starting with <Key>firebase:authUser:</Key>, so that you stay signed in; logging out
          removes it. Its library also keeps a small database (IndexedDB,{' '}
          <Key>firebase-heartbeat-database</Key>) of the days it was used.
        </p>
      ),
    },
    {
      heading: 'Set by Stripe, on the card payment page',
      body: (
        <p>
          Stripe.js, which we load only on the card payment page, may set cookies of its own (such
          as <Key>__stripe_mid</Key> and <Key>__stripe_sid</Key>) that Stripe uses to prevent fraud.
          Stripe&apos;s cookie policy describes them.
        </p>
      ),
    },
    {
      heading: 'Removing it',
      body: (
        <p>
          Logging out removes your sign-in. Clearing this site&apos;s data in your browser&apos;s
          settings removes all of the above; your course cart is then empty. See also the{' '}
          <To path={paths.privacy}>privacy policy</To>.
        </p>
      ),
    },
  ],
};

/** Each page at its path (paths.ts). */
const pages: Record<string, InfoPage> = {
  [paths.about]: about,
  [paths.contact]: contact,
  [paths.jobs]: jobs,
  [paths.terms]: terms,
  [paths.privacy]: privacy,
  [paths.cookies]: cookies,
};

/** The page at `pathname`, matched as the router does (any case, a trailing slash allowed). */
export function infoPageAt(pathname: string): InfoPage | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return pages[path];
}
