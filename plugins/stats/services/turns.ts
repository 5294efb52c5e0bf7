/**
 * Customer turns and replies, the base of response times. A turn starts when the customer writes
 * after a person's reply (an outbound message that is not automatic), for the first time, or after
 * TURN_DAYS of silence in the conversation (line and phone); it is answered by the next such
 * reply. Automatic messages (campaigns, reminders, bots) answer nothing. A turn belongs to the
 * period it started in, and its reply is looked for up to TURN_DAYS after the period (for a period
 * ending today: until now).
 *
 * Because silence that long starts a turn, TURN_DAYS of messages before the period tell whether a
 * customer's first message in the period starts a turn or continues one: reading further back
 * could change nothing. Two window passes over the period's messages, no lookup per conversation.
 *
 * Parameters, in order: shop, from − TURN_DAYS, to + TURN_DAYS, from, to. Yields one row per turn:
 * session_id, phone, asked, answered (null when unanswered).
 */
export const TURN_DAYS = 7;

export const TURNS_SQL = `
  with m as (
    select id, session_id, phone, created_at, direction = 'inbound' as inbound
    from chatapp_messages_view
    where shop_id = ? and created_at >= ? and created_at < ? and (direction = 'inbound' or not automatic)
  ), marked as (
    select *, inbound and (lag(inbound) over w is distinct from true
                           or created_at - lag(created_at) over w >= interval '${TURN_DAYS} days') as starts
    from m window w as (partition by session_id, phone order by created_at, id)
  ), numbered as (
    select *, count(*) filter (where starts) over (partition by session_id, phone order by created_at, id rows unbounded preceding) as g
    from marked
  )
  select session_id, phone, min(created_at) filter (where inbound) as asked, min(created_at) filter (where not inbound) as answered
  from numbered where g > 0
  group by session_id, phone, g
  having min(created_at) filter (where inbound) >= ? and min(created_at) filter (where inbound) < ?`;
