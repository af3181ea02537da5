import type { LessonData } from './learn.js';
export declare const lessons: readonly LessonData[];
