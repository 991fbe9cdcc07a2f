/** Demo data (being written). */
export async function seedDemo(_opts: { password: string; rounds: number }): Promise<void> {}
