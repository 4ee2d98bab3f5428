/** The installed app's colour (the title bar, the splash screen): the brand's green, 700. */
export const THEME_COLOR = "#047857";
