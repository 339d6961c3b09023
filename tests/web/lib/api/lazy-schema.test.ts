import { describe, expect, it, vi } from 'vitest';
import { courseDetailSchema } from '@contract/courses';
import { lazySchema } from '@/lib/api/lazy-schema';

const course = {
  _id: 'c-01',
  name: 'Git',
  price: 12,
  image: '/images/c-01.webp',
  summary: 'Version control',
  lessons: 1,
  minutes: 5,
  rating: null,
  description: 'About Git',
  outcomes: ['Commit'],
  sections: [],
  published: true,
};

describe('lazySchema', () => {
  it('loads its schema only when the first answer is checked, and once', async () => {
    const load = vi.fn(() => Promise.resolve(courseDetailSchema));
    const schema = lazySchema(load);
    expect(load).not.toHaveBeenCalled();

    await schema['~standard'].validate(course);
    await schema['~standard'].validate(course);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes a right answer through and names what is wrong in a wrong one', async () => {
    const schema = lazySchema(() => Promise.resolve(courseDetailSchema));

    const right = await schema['~standard'].validate(course);
    expect(right.issues).toBeUndefined();

    const wrong = await schema['~standard'].validate({ ...course, price: 'twelve' });
    expect(wrong.issues?.map((issue) => issue.path)).toContainEqual(['price']);
  });
});
