/* stern-server-limits.c: what one address may do: its connections are
 * counted by the listener, its rooms created and codes guessed here, in
 * buckets refilled over a minute; and the count of every limit hit.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stern-server-listener-private.h"

#include <string.h>

char *
stern_limits_address_key (GInetAddress *address)
{
  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    {
      const guint8 *b = g_inet_address_to_bytes (address);
      static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

      if (memcmp (b, mapped, 12) == 0)
        return g_strdup_printf ("%u.%u.%u.%u", b[12], b[13], b[14], b[15]);
      /* One home or one server usually gets a whole /64: counted as one. */
      return g_strdup_printf ("%x:%x:%x:%x::/64", (b[0] << 8) | b[1], (b[2] << 8) | b[3],
                              (b[4] << 8) | b[5], (b[6] << 8) | b[7]);
    }
  return g_inet_address_to_string (address);
}

void
stern_limits_address_free (gpointer data)
{
  Address *a = data;

  g_free (a->key);
  g_clear_pointer (&a->rooms, g_ptr_array_unref);
  g_free (a);
}

Address *
stern_limits_address_get (SternListener *self, GSocketAddress *remote)
{
  g_autofree char *key = NULL;
  Address *a;

  if (G_IS_INET_SOCKET_ADDRESS (remote))
    key = stern_limits_address_key (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  else
    key = g_strdup ("local");
  a = g_hash_table_lookup (self->addresses, key);
  if (a == NULL)
    {
      a = g_new0 (Address, 1);
      a->key = g_steal_pointer (&key);
      a->create_tokens = self->config->creates_per_minute;
      a->guess_tokens = self->config->guesses_per_minute;
      a->create_refilled_us = a->guess_refilled_us = g_get_monotonic_time ();
      a->rooms = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (self->addresses, a->key, a);
    }
  return a;
}

/* A bucket of per_minute tokens, refilled evenly over a minute. */
static void
bucket_refill (double *tokens, gint64 *refilled_us, guint per_minute)
{
  gint64 now = g_get_monotonic_time ();

  *tokens = MIN ((double) per_minute, *tokens + (double) (now - *refilled_us) / 60e6 * per_minute);
  *refilled_us = now;
}

/* Addresses with nothing left to remember go. */
void
stern_limits_sweep_addresses (SternListener *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->addresses);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Address *a = value;
      if (a->n_conns == 0 && a->rooms->len == 0 &&
          a->create_tokens >= self->config->creates_per_minute &&
          a->guess_tokens >= self->config->guesses_per_minute)
        g_hash_table_iter_remove (&iter);
      else if (a->n_conns == 0)
        {
          bucket_refill (&a->create_tokens, &a->create_refilled_us, self->config->creates_per_minute);
          bucket_refill (&a->guess_tokens, &a->guess_refilled_us, self->config->guesses_per_minute);
        }
    }
}

gboolean
stern_tracked_may_create (SternTracked *tracked, const char **why)
{
  SternListener *self;
  Address *a;

  if (tracked == NULL)
    return TRUE;
  self = tracked->listener;
  a = tracked->address;
  if (self->config->rooms_per_address > 0)
    {
      /* Forget the rooms that ended or went. */
      for (guint i = a->rooms->len; i-- > 0;)
        if (!self->hooks.room_is_open (self->hooks.server_data, g_ptr_array_index (a->rooms, i)))
          g_ptr_array_remove_index_fast (a->rooms, i);
      if (a->rooms->len >= self->config->rooms_per_address)
        {
          stern_limits_count_hit (self, STERN_LIMIT_HIT_ROOMS);
          *why = "your address has too many open rooms already";
          return FALSE;
        }
    }
  if (self->config->creates_per_minute > 0)
    {
      bucket_refill (&a->create_tokens, &a->create_refilled_us, self->config->creates_per_minute);
      if (a->create_tokens < 1.0)
        {
          stern_limits_count_hit (self, STERN_LIMIT_HIT_CREATES);
          *why = "too many rooms created from your address; wait a minute";
          return FALSE;
        }
    }
  return TRUE;
}

void
stern_tracked_created (SternTracked *tracked, const char *code)
{
  if (tracked == NULL)
    return;
  if (tracked->listener->config->creates_per_minute > 0)
    tracked->address->create_tokens -= 1.0;
  if (tracked->listener->config->rooms_per_address > 0)
    g_ptr_array_add (tracked->address->rooms, g_strdup (code));
}

gboolean
stern_tracked_may_guess (SternTracked *tracked)
{
  SternListener *self;

  if (tracked == NULL || tracked->listener->config->guesses_per_minute == 0)
    return TRUE;
  self = tracked->listener;
  bucket_refill (&tracked->address->guess_tokens, &tracked->address->guess_refilled_us,
                 self->config->guesses_per_minute);
  if (tracked->address->guess_tokens >= 1.0)
    return TRUE;
  stern_limits_count_hit (self, STERN_LIMIT_HIT_GUESSES);
  return FALSE;
}

void
stern_tracked_guess_failed (SternTracked *tracked)
{
  if (tracked == NULL || tracked->listener->config->guesses_per_minute == 0)
    return;
  tracked->address->guess_tokens = MAX (0.0, tracked->address->guess_tokens - 1.0);
}

static const char *const hit_names[STERN_N_LIMIT_HITS] = {
  "connections", "address-connections", "creates", "rooms", "guesses", "upgrade-timeout",
  "ping-timeout", "message-size", "slow-reader", "file-descriptors", "rate",
};

const char *
stern_limit_hit_name (SternLimitHit hit)
{
  return hit < STERN_N_LIMIT_HITS ? hit_names[hit] : "?";
}

guint64
stern_limits_get_hits (SternListener *self, SternLimitHit hit)
{
  return hit < STERN_N_LIMIT_HITS ? self->hits[hit] : 0;
}

void
stern_limits_count_hit (SternListener *self, SternLimitHit hit)
{
  if (hit < STERN_N_LIMIT_HITS)
    self->hits[hit]++;
}
