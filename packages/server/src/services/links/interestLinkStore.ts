/** The official links of interest (reference table enlaces_interes, replaced only by an import). */
import type { InterestLink } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';

/** Every link, in the order of its id. */
export async function listInterestLinks(db: Queryable): Promise<InterestLink[]> {
  const { rows } = await db.query<InterestLink>('SELECT id, titulo, institucion, descripcion, url FROM enlaces_interes ORDER BY id');
  return rows;
}
