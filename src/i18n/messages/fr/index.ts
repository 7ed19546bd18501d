// Written by scripts/i18n-index.mjs from the namespace files beside it; do not edit.
import account from './account.json';
import analytics from './analytics.json';
import audit from './audit.json';
import auth from './auth.json';
import emails from './emails.json';
import errorPage from './errorPage.json';
import fields from './fields.json';
import language from './language.json';
import notifications from './notifications.json';
import portal from './portal.json';
import portalTeam from './portalTeam.json';
import post from './post.json';
import postTeam from './postTeam.json';
import problems from './problems.json';
import shell from './shell.json';
import teamAdmin from './teamAdmin.json';
import teamSetup from './teamSetup.json';
import teamWork from './teamWork.json';
import theme from './theme.json';
import ui from './ui.json';
import widget from './widget.json';

const catalogue = {
  account,
  analytics,
  audit,
  auth,
  emails,
  errorPage,
  fields,
  language,
  notifications,
  portal,
  portalTeam,
  post,
  postTeam,
  problems,
  shell,
  teamAdmin,
  teamSetup,
  teamWork,
  theme,
  ui,
  widget,
};
export default catalogue;
