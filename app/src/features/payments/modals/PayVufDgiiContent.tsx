export { default } from '../../../modals/contents/PlaceholderContent';
