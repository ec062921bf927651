import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s, not 1: on a busy 2-core machine a popover's closing transition or a lazy
// chunk can take longer than a second, and what the test waits for is still what a person would see.
configure({ asyncUtilTimeout: 5000 });
