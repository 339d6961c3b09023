import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHIPPING_COUNTRIES } from '@contract/checkout-rules';
import { makeStore } from '@/app/store';
import { selectShippingAddress, startCheckout } from '@/features/checkout/checkout-slice';
import { buildCartLine } from '@/testing/data';
import { renderApp } from '@/testing/render';
import { db, findUser } from '@/testing/mocks/db';
import { ADDRESS, checkoutStore, inBookCart, STUDENT, student } from './helpers';

const FIELDS = [
  'First name',
  'Last name',
  'Email address',
  'Full address',
  'City',
  'State / Zilla',
  'ZIP / Postal code',
] as const;

// Within the form: the footer's newsletter has an "Email address" field too.
const form = () => screen.getByRole('form', { name: 'Shipping address' });
const field = (name: string) => within(form()).getByRole('textbox', { name });
const country = () => within(form()).getByRole('combobox', { name: 'Country' });

function renderShipping(store = checkoutStore({ source: 'books', totalCents: 4549 })) {
  return renderApp({ route: '/payment' }, { store, auth: { user: student() } });
}

/** Fills every field but the email (prefilled) with ADDRESS. */
async function fillAddress(user: ReturnType<typeof renderShipping>['user']) {
  await user.type(field('First name'), ADDRESS.firstName);
  await user.type(field('Last name'), ADDRESS.lastName);
  await user.selectOptions(country(), ADDRESS.country);
  await user.type(field('Full address'), ADDRESS.address);
  await user.type(field('City'), ADDRESS.city);
  await user.type(field('State / Zilla'), ADDRESS.state);
  await user.type(field('ZIP / Postal code'), ADDRESS.postalCode);
}

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('shipping form (/payment)', { timeout: 15_000 }, () => {
  // A profile without name or address: the form starts from the account's email only.
  beforeEach(() => {
    const profile = findUser(STUDENT)?.profile;
    if (profile) profile.name = '';
  });

  it("has exactly the spec's fields, each required and labelled, and the four countries", async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    inBookCart('l-2', 'Eloquent JavaScript', 13.99, 1);
    renderShipping();

    await screen.findByRole('form', { name: 'Shipping address' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping address' })).toBeVisible();
    // The cart being paid, as it is now.
    expect(await screen.findByText('Paying for your book cart (2 items)')).toBeVisible();
    expect(screen.getByText('$46.49')).toBeVisible();

    const textboxes = within(form()).getAllByRole('textbox');
    expect(textboxes.map((box) => box.getAttribute('name'))).toEqual([
      'firstName',
      'lastName',
      'email',
      'address',
      'city',
      'state',
      'postalCode',
    ]);
    for (const name of FIELDS) expect(field(name)).toBeRequired();
    expect(country()).toBeRequired();
    expect(within(form()).getAllByRole('combobox')).toHaveLength(1);

    const choices = within(country())
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => option.textContent);
    expect(choices).toEqual([...SHIPPING_COUNTRIES]);
    expect(choices).toEqual(['Bangladesh', 'United States', 'Canada', 'Mexico']);

    // Autofill hints and the contract's lengths.
    expect(field('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(field('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(field('Email address')).toHaveAttribute('autocomplete', 'email');
    expect(country()).toHaveAttribute('autocomplete', 'country-name');
    expect(field('Full address')).toHaveAttribute('autocomplete', 'street-address');
    expect(field('City')).toHaveAttribute('autocomplete', 'address-level2');
    expect(field('State / Zilla')).toHaveAttribute('autocomplete', 'address-level1');
    expect(field('ZIP / Postal code')).toHaveAttribute('autocomplete', 'postal-code');
    expect(field('ZIP / Postal code')).toHaveAttribute('maxlength', '20');
    expect(screen.getByText(/All fields are required/)).toBeVisible();
  });

  it('prefills the email from the account', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    renderShipping();

    await screen.findByRole('form', { name: 'Shipping address' });
    expect(field('Email address')).toHaveValue(STUDENT);
    expect(field('First name')).toHaveValue('');
  });

  it('the first checkout starts from the profile’s name and address', async () => {
    const profile = findUser(STUDENT)?.profile;
    if (profile) Object.assign(profile, { name: 'Sam de Student', address: '4 Elm Road' });
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    renderShipping();

    await screen.findByRole('form', { name: 'Shipping address' });
    expect(field('First name')).toHaveValue('Sam');
    expect(field('Last name')).toHaveValue('de Student');
    expect(field('Full address')).toHaveValue('4 Elm Road');
    expect(field('Email address')).toHaveValue(STUDENT);
  });

  it('an incomplete form is not saved: the browser refuses it', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const { user, store, router } = renderShipping();
    await screen.findByRole('form', { name: 'Shipping address' });

    await user.type(field('First name'), ADDRESS.firstName);
    // Blanks are no name.
    await user.type(field('Last name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(field('Last name')).toBeInvalid();
    expect(country()).toBeInvalid();
    expect(field('City')).toBeInvalid();
    expect(router.state.location.pathname).toBe('/payment');
    expect(selectShippingAddress(store.getState())).toBeNull();
  });

  it('an email the browser lets through but the contract refuses is shown, not saved', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const { user, store, router } = renderShipping();
    await screen.findByRole('form', { name: 'Shipping address' });

    await fillAddress(user);
    await user.clear(field('Email address'));
    await user.type(field('Email address'), 'ada@localhost');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await within(form()).findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(field('Email address')).toBeInvalid();
    expect(router.state.location.pathname).toBe('/payment');
    expect(selectShippingAddress(store.getState())).toBeNull();
  });

  it('Save and continue stores the address and goes to /paymentcard', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const { user, store, router } = renderShipping();
    await screen.findByRole('form', { name: 'Shipping address' });

    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentcard'));
    expect(selectShippingAddress(store.getState())).toEqual(ADDRESS);
  });

  it('the saved address survives a reload: the fields come back filled', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const store = makeStore();
    // The Checkout the user pressed before.
    store.dispatch(startCheckout({ source: 'books', totalCents: 3250 }));
    const first = renderShipping(store);
    await screen.findByRole('form', { name: 'Shipping address' });
    await fillAddress(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/paymentcard'));
    first.unmount();

    // A new page load: a new store, read from localStorage.
    renderShipping(makeStore());
    await screen.findByRole('form', { name: 'Shipping address' });
    expect(field('First name')).toHaveValue(ADDRESS.firstName);
    expect(field('Last name')).toHaveValue(ADDRESS.lastName);
    expect(field('Email address')).toHaveValue(ADDRESS.email);
    expect(country()).toHaveValue(ADDRESS.country);
    expect(field('Full address')).toHaveValue(ADDRESS.address);
    expect(field('City')).toHaveValue(ADDRESS.city);
    expect(field('State / Zilla')).toHaveValue(ADDRESS.state);
    expect(field('ZIP / Postal code')).toHaveValue(ADDRESS.postalCode);
    expect(await screen.findByText('Paying for your book cart (1 item)')).toBeVisible();
  });

  it('says which book-cart lines are left out of the payment (sold out, no longer sold)', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    inBookCart('l-2', 'Dune', 15, 2);
    const dune = db.books.find((book) => book._id === 'book-l-2');
    if (dune) dune.stock = 0;
    renderShipping();

    expect(await screen.findByText('Paying for your book cart (1 item)')).toBeVisible();
    expect(screen.getByText('$32.50')).toBeVisible();
    expect(screen.getByText('Not included (no longer available): Dune')).toBeVisible();
  });

  it('damaged stored checkout data is ignored: no crash, nothing to pay', async () => {
    localStorage.setItem('checkout', '{"source":"gold","shipping":{"firstName":1}}');
    renderShipping(makeStore());

    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
  });

  it('with nothing to pay it says so, with links to both carts', async () => {
    // No Checkout pressed at all.
    renderShipping(checkoutStore());

    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByText(/There is nothing to pay for yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your book cart' })).toHaveAttribute(
      'href',
      '/cart-book',
    );
    expect(screen.getByRole('link', { name: 'Go to your course cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.queryByRole('form', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('the book cart emptied since Checkout: nothing to pay', async () => {
    // Checkout was pressed, but the book cart on the server is empty now.
    renderShipping(checkoutStore({ source: 'books', totalCents: 3250 }));

    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your course cart' })).toBeVisible();
  });

  it('asks a course checkout no address: it goes on to the card page (D62)', async () => {
    const courses = [buildCartLine({ _id: 'c-react', name: 'React', price: 49.99 })];
    const { router } = renderShipping(
      checkoutStore({ source: 'courses', totalCents: 4999, courses }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentcard'));
    expect(screen.queryByRole('form', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('an empty course cart: nothing to pay', async () => {
    renderShipping(checkoutStore({ source: 'courses', totalCents: 9998, courses: [] }));

    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
  });
});
