/* stern-lessons.h: the lessons and exercises of the Learn window, as data
 * with a check each that the engine decides.
 *
 * A lesson is a position, a task and an explanation.  The player answers
 * either with one move of the side on turn (the rules one by one, the
 * worked positions) or by placing and removing marbles (the exercises);
 * stern_lesson_check_move() and stern_lesson_check_position() say whether
 * the answer does what was asked, with a sentence why; a strategy lesson
 * asks the engine's review what the move loses against the lesson's
 * answer.  No GTK: the checks
 * are tested without a display, every lesson's right answer against a
 * wrong one.
 *
 * Copyright 2026 The Sternhalma authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "stern-game.h"

G_BEGIN_DECLS

typedef enum {
  STERN_LESSON_RULE,      /* one rule of doc/rules.md, shown by a move */
  STERN_LESSON_WORKED,    /* a worked position: a question answered by a move */
  STERN_LESSON_EXERCISE,  /* build or play something and let the engine judge it */
} SternLessonKind;

typedef enum {
  STERN_LESSON_BY_MOVE,      /* one move of the side on turn */
  STERN_LESSON_BY_BUILDING,  /* marbles placed and removed on the board */
} SternLessonAnswer;

/* The sections of the list, in this order. */
typedef enum {
  STERN_LESSON_GROUP_RULES,     /* the rules, and using them */
  STERN_LESSON_GROUP_STRATEGY,  /* how to win on the star, judged by the engine */
  STERN_LESSON_GROUP_SQUARE,    /* Halma and Ugolki (doc/rules.md §9) */
  STERN_LESSON_N_GROUPS,
} SternLessonGroup;

/* Stars for a lesson answered right: the most for a right first try. */
#define STERN_LESSON_MAX_STARS 3

typedef struct _SternLesson SternLesson;

guint              stern_lessons_count  (void);
const SternLesson *stern_lessons_get    (guint index);
const SternLesson *stern_lessons_lookup (const char *id);  /* NULL if none */

/* The lessons of the first-game tutorial, in order (NULL-terminated ids). */
const char * const *stern_lessons_tutorial (void);

const char        *stern_lesson_get_id          (const SternLesson *lesson);
SternLessonKind    stern_lesson_get_kind        (const SternLesson *lesson);
SternLessonGroup   stern_lesson_get_group       (const SternLesson *lesson);
SternLessonAnswer  stern_lesson_get_answer_kind (const SternLesson *lesson);
/* Translated texts: a short title, what to do, and the answer explained. */
const char        *stern_lesson_get_title       (const SternLesson *lesson);
const char        *stern_lesson_get_task        (const SternLesson *lesson);
const char        *stern_lesson_get_explanation (const SternLesson *lesson);
/* The page of the Rules window (ui/stern-rules-window.ui) that explains
 * what the lesson teaches, by its name ("moves"). */
const char        *stern_lesson_get_rules_page  (const SternLesson *lesson);
/* A game at the starting position, with the move counters the lesson
 * needs (the leaving-home lesson is on the deadline move). */
SternGame         *stern_lesson_new_game        (const SternLesson *lesson);
/* Building: the colour of the marbles the player places. */
unsigned           stern_lesson_get_build_seat  (const SternLesson *lesson);

/* A right and a wrong answer: a path ("i7-i9-i11") for a move lesson, a
 * position string for building.  "Show answer" shows the right one. */
const char        *stern_lesson_get_answer       (const SternLesson *lesson);
const char        *stern_lesson_get_wrong_answer (const SternLesson *lesson);
/* A path the engine must refuse, with the reason, to show the rule (NULL
 * when the lesson has none). */
const char        *stern_lesson_get_refused_path (const SternLesson *lesson,
                                                  SternPathCheck    *reason);

/* Whether the move from → to, played in the lesson's position, does what
 * the task asks; *feedback (nullable) gets a translated sentence why or
 * why not.  A move the engine refuses is never right. */
gboolean stern_lesson_check_move     (const SternLesson *lesson, guint from, guint to,
                                      char **feedback);
/* Building: whether the player may place a marble on the empty hole of
 * built (none on the lesson's own marbles' holes, at most the lesson's
 * limit added, never more than the variant's marbles); *why (nullable) gets a translated reason when not. */
gboolean stern_lesson_may_place      (const SternLesson *lesson, const SternPosition *built,
                                      guint hole, char **why);
/* Whether a position the player built does what the task asks. */
gboolean stern_lesson_check_position (const SternLesson *lesson, const SternPosition *built,
                                      char **feedback);
/* Either kind, from an answer's text (a path or a position string), as the
 * tests give it; text the engine cannot read is wrong, saying why. */
gboolean stern_lesson_check_text     (const SternLesson *lesson, const char *text,
                                      char **feedback);

/* The stars a right answer earns: all of them at the first try, one fewer
 * after a wrong try, one after Show Answer. */
guint    stern_lessons_stars (gboolean wrong_before, gboolean answer_shown);

/* Moves the seat alone needs, playing on its own, to fill every hole of
 * its goal (doc/rules.md §5), or -1 when not within limit. */
int      stern_lessons_moves_to_fill_goal (const SternRules *rules, const SternPosition *pos,
                                           unsigned seat, int limit);

G_END_DECLS
