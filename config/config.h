/* config/config.h - event and machine configuration: INI files read with libinih into each
 * module's options; the one public header of config/. config/ feeds the front-ends (its room
 * config/commands/): those that read an event file or a machine profile include it
 * (cmd_event.c, cmd_fill.c, cmd_sim.c); the engines of the modules never do. Of the other
 * modules it knows the options it fills: machine/'s profile (machine/machine.h, here) and, in
 * config/event.c, pbn/'s format names and PBN dates (pbn/pbn.h). The event ceremony
 * (config/ceremony.c) sits above the engines and calls them: dealing, pbn/'s writers, the
 * analyze and print engines (printing/) and the fill engine (machine/); no front-end. */
#ifndef PREDUP_CONFIG_H
#define PREDUP_CONFIG_H

#include "dealer/run/run.h"
#include "machine/machine.h"

/* Reads a machine profile (config/machines/NAME.conf; usb-example.conf documents every key) on
 * top of the defaults of mach_profile_default. Unknown sections or keys and bad values are
 * PD_ERR_SYNTAX with the file and line; a missing file is PD_ERR_IO. */
enum pd_status cfg_load_machine(const char *path, struct mach_profile *out, struct pd_err *e);
/* The same from an open file; name is used in messages. */
enum pd_status cfg_read_machine(FILE *f, const char *name, struct mach_profile *out,
                                struct pd_err *e);

/* The profile a --machine option or an event's machine line names: NULL (the defaults of
 * mach_profile_default), "sim" (the built-in simulator at its defaults), "usb" (a USB machine
 * with the default ids), a file when spec has a '/' or ends in .conf (relative to event_dir
 * when given), else an installed profile NAME.conf, searched in the folders of
 * cfg_profile_dir. A missing file is PD_ERR_IO naming the full paths tried. */
enum pd_status cfg_find_profile(const char *spec, const char *event_dir, struct mach_profile *p,
                                struct pd_err *e);
/* Does spec name a profile file (a '/' or ending in .conf), not a name: cfg_find_profile's
 * rule, for whoever shows or passes the spec on. */
bool cfg_profile_is_path(const char *spec);
/* cfg_find_profile without an event file (fill --machine, sim --machine). */
enum pd_status cfg_load_profile(const char *spec, struct mach_profile *p, struct pd_err *e);
/* Calls fn for every profile file of those folders that reads without a fault. */
typedef void (*cfg_profile_fn)(void *ctx, const char *path, const struct mach_profile *p);
void cfg_list_profiles(const char *event_dir, cfg_profile_fn fn, void *ctx);

/* An event file (config/events/demo.conf documents it): the parameters that decide the deals,
 * committed in the event record (dealer/EVENTS.md), and per set what to make of them. */
struct cfg_event_set {
    char script[1024];  /* as written, relative to the event file's directory; "" = none */
    char formats[128];  /* "pbn,dup,dlm" */
    char print[64];     /* "record,curtain,sheet" or a part; "" = nothing */
    char machine[1024]; /* profile, relative to the event file's directory; "" = no filling */
    int copies;         /* physical copies of each board to fill */
};
struct cfg_event {
    struct ev_params p;
    struct cfg_event_set extra[EV_MAX_SETS];
    char dir[1024];  /* the event file's directory, "" for the current one */
    char stem[1024]; /* its path without ".conf": NAME.record, NAME.key, NAME/ go there */
};
/* Loads and checks an event file, for every step of the ceremony; faults are PD_ERR_SYNTAX at
 * file:line:col with a did-you-mean, and whatever a record could not hold is one (no
 * public_form, no delayed_value: ev_params_check, the record's own rules). Script hashes are
 * computed (PD_ERR_IO when a script cannot be read). */
enum pd_status cfg_load_event(const char *path, struct cfg_event *ev, struct pd_err *e);
/* PD_ERR_USAGE when path is a folder or no file and path.conf is there ("event deal dienstag"
 * beside dienstag/ and dienstag.conf): the message names the event file. */
enum pd_status cfg_event_misnamed(const char *path, struct pd_err *e);
/* The same from text already read (NUL-terminated, len bytes); path names it and places it. */
enum pd_status cfg_parse_event(const char *path, const char *text, size_t len,
                               struct cfg_event *ev, struct pd_err *e);
/* event commit's: one line a set on stdout (boards, how many, dealer and vulnerability rule);
 * a new event's set of one board above board 1 written as a range ("27-27", since "27" is
 * most often meant as 27 boards), else PD_ERR_SYNTAX saying both spellings. */
void cfg_event_print_sets(const struct ev_params *p);
enum pd_status cfg_event_one_board_sets(const char *conf, const struct ev_params *p,
                                        struct pd_err *e);
/* A path of the event file (script, machine) made usable from the current directory. */
void cfg_event_path(const struct cfg_event *ev, const char *rel, char *out, size_t n);

/* ---------------------------------------------------------------- the ceremony (ceremony.c) */

/* The steps of an honest event (dealer/EVENTS.md), on the event file conf and its record
 * NAME.record beside it; each prints one report on stdout. commit makes NAME.key (reuse: adopt
 * an existing NAME.key never published) and the record; public adds the delayed public value;
 * deal deals every set (or set), writes it under dir (NULL: NAME/), analyses and prints it, and
 * with fill fills it on the set's machine, resuming its journal; reveal adds the key, after
 * play, and marks NAME.key spent: refused while no set was dealt under NAME/, and before the
 * event's date or from a terminal without yes (--yes: play is over). */
struct ceremony_deal_opts {
    const char *conf, *set, *dir;
    bool fill, yes;                 /* yes: the fill's prompts taken as done (--yes) */
    const struct mach_watch *watch; /* the operator page the front-end started, or NULL */
};
enum pd_status ceremony_commit(const char *conf, bool reuse, struct pd_err *e);
enum pd_status ceremony_public(const char *conf, const char *value, struct pd_err *e);
enum pd_status ceremony_deal(const struct ceremony_deal_opts *o, struct pd_err *e);
enum pd_status ceremony_reveal(const char *conf, bool yes, struct pd_err *e);

#endif
