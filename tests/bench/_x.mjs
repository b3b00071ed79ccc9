import { createApp } from '../../demo/server/app.ts';
