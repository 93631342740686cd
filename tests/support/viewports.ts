/** The two widths every page is checked at: a desktop and a phone (390 px, the citizen's usual screen). */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
