-- The welcome after a citizen's first login (FIRST_LOGIN in the browser), known by the server so it
-- shows once on whatever device the citizen first logs in from. Set when a registration is confirmed;
-- the first successful login clears it and answers first_login: true. Accounts created before this
-- migration and the sandbox's demo citizen are not new: false.
ALTER TABLE citizens ADD COLUMN first_login_pending boolean NOT NULL DEFAULT false;
