/*
 * handrank: the whole C core in one include, for programs built against it
 * (handrank.get_include()).  Call hr_init() once before anything else; see
 * docs/building.rst.  Each header below also compiles alone and holds one
 * job: valuation and batch loops (hr_batch.h), the cards that play
 * (hr_best.h), the rule tables (hr_tables.h), games and showdowns
 * (hr_showdown.h), equity (hr_equity.h), hand strength and potential
 * (hr_strength.h), dealing (hr_deal.h) and canonical indexes (hr_index.h).
 */
#ifndef HANDRANK_HANDRANK_H
#define HANDRANK_HANDRANK_H

#include "evaluation/hr_batch.h"
#include "evaluation/hr_best.h"
#include "cards/hr_deal.h"
#include "equities/hr_equity.h"
#include "solver/hr_index.h"
#include "games/hr_showdown.h"
#include "analysis/hr_strength.h"
#include "rules/hr_tables.h"

#endif /* HANDRANK_HANDRANK_H */
