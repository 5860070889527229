/** A phone number's `tel:` address (its digits and a leading +). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
