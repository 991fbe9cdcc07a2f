import { configure } from '@testing-library/react';

// Screens render through react-admin's lazy routes and queries; on a busy machine (CI beside other
// jobs) that can take longer than the 1 s findBy and 5 s test defaults. Not speed assertions:
// speed targets live in bench/.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
