/** VitePress's default theme, with the styles of the rule pages' examples. */
import DefaultTheme from 'vitepress/theme';
import './style.css';

export default DefaultTheme;
