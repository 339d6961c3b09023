// The builder's inputs look like the shop's other forms (src/components/form/text-field.tsx).
export const inputClass =
  'input input-bordered w-full rounded-xl focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';
export const textareaClass =
  'textarea textarea-bordered w-full rounded-xl text-base focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';
export const labelClass = 'mb-1.5 block text-sm font-medium text-base-content/90';
export const errorClass = 'mt-1.5 text-sm font-medium text-error';
/** The small icon-less buttons beside a section or lesson (move, remove). */
export const smallButton = 'btn btn-ghost btn-xs rounded-lg normal-case';
