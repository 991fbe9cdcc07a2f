/** Where the transfer and withdrawal screens live (kept apart so the home page and My applications link to them without loading them). */
export const TRANSFERS_PATH = '/transfers';
export const transferPath = (id: number) => `${TRANSFERS_PATH}/${id}`;
/** The request form with one course chosen. */
export const requestPath = (applicationId: number) => `${TRANSFERS_PATH}?applicationId=${applicationId}`;
