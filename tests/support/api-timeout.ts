// A file's beforeAll migrates a fresh database (SQLite file, or the MariaDB run's database on first
// use); on a busy machine that can take longer than Jest's 5 s default. Not a speed assertion:
// speed targets live in bench/.
jest.setTimeout(30_000);
