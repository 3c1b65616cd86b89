export { pipelineScreens } from './routes';
