export { WidgetPage as default } from '@/composition/widget/WidgetPage';
export { getServerSideProps } from '@/composition/widget/WidgetPage.loader';
