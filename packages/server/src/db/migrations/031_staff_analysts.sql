-- Analysts (issue 26 §2): staff who publish forms and read their versions, and nothing else. They
-- belong to no institution; the back office refuses them every route not marked for analysts
-- (plugins/app/registerStaffAuth.ts), so the «no institution means every institution» of the
-- administrator's scope never reaches them.
ALTER TABLE staff DROP CONSTRAINT staff_role_check;
ALTER TABLE staff ADD CONSTRAINT staff_role_check CHECK (role IN ('oficial', 'administrador', 'analista'));
