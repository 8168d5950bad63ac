/* stern-server-limits.h (private to src/server): what one address may do
 * (rooms created a minute, rooms open, codes guessed a minute, counted
 * per IPv4 address or IPv6 /64) and the count of each limit hit, for the
 * metrics.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "stern-server-listener.h"

G_BEGIN_DECLS

/* Per address: may it create a room now (FALSE: over its creates a
 * minute or its open rooms)?  why says which. */
gboolean     stern_tracked_may_create (SternTracked *tracked, const char **why);
void         stern_tracked_created (SternTracked *tracked, const char *code);
/* May it look a code or token up now (FALSE: too many wrong ones)? */
gboolean     stern_tracked_may_guess (SternTracked *tracked);
void         stern_tracked_guess_failed (SternTracked *tracked);

/* The limit hits, by kind, for the metrics. */
typedef enum {
  STERN_LIMIT_HIT_CONNECTIONS,
  STERN_LIMIT_HIT_ADDRESS_CONNECTIONS,
  STERN_LIMIT_HIT_CREATES,
  STERN_LIMIT_HIT_ROOMS,
  STERN_LIMIT_HIT_GUESSES,
  STERN_LIMIT_HIT_UPGRADE_TIMEOUT,
  STERN_LIMIT_HIT_PING_TIMEOUT,
  STERN_LIMIT_HIT_MESSAGE_SIZE,
  STERN_LIMIT_HIT_SLOW_READER,
  STERN_LIMIT_HIT_FILE_DESCRIPTORS,
  STERN_LIMIT_HIT_RATE,
  STERN_N_LIMIT_HITS
} SternLimitHit;

const char  *stern_limit_hit_name (SternLimitHit hit);
guint64      stern_limits_get_hits (SternListener *listener, SternLimitHit hit);
void         stern_limits_count_hit (SternListener *listener, SternLimitHit hit);

/* The address key of an address: IPv4 (also IPv4 mapped into IPv6) as
 * itself, IPv6 as its /64 (exposed for the tests). */
char        *stern_limits_address_key (GInetAddress *address);

G_END_DECLS
