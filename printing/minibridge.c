/* printing/minibridge.c - Minibridge's rules for a deal (a course's first lessons; the rules
 * and the guide are those of shared/reference/languages.md, "Minibridge"): the points, who
 * declares, the tricks the guide expects, and for the second stage the distribution points
 * and the fit. The guide's table lives here and nowhere else. */
#include "printing/teach_int.h"

/* From a side's points to the tricks to expect (book of 6 plus the level: 21-22 1 NT ...). */
static const struct {
    int lo, hi, tricks;
} GUIDE[] = {
    {21, 22, 7}, {23, 24, 8}, {25, 26, 9}, {27, 29, 10}, {30, 32, 11}, {33, 36, 12}, {37, 40, 13},
};

int pr_mini_guide(int side_points)
{
    for (size_t i = 0; i < sizeof GUIDE / sizeof GUIDE[0]; i++)
        if (side_points >= GUIDE[i].lo && side_points <= GUIDE[i].hi)
            return GUIDE[i].tricks;
    return 0;
}

/* Points for shortness: a doubleton 1, a singleton 2, a void 3. */
static int distribution_points(uint64_t hand)
{
    int dp = 0;

    for (int s = 0; s < 4; s++) {
        int len = hand_length(hand, (enum suit)s);

        dp += len < 3 ? 3 - len : 0;
    }
    return dp;
}

/* The stronger hand of the side; at equal points the one that speaks first, dealer first. */
static int stronger_hand(const struct pr_mini *m, enum seat dealer, int side)
{
    int a = side, b = side + 2; /* N and S, or E and W */

    if (m->hp[a] != m->hp[b])
        return m->hp[a] > m->hp[b] ? a : b;
    return (a - (int)dealer + 4) % 4 < (b - (int)dealer + 4) % 4 ? a : b;
}

/* The side's longest combined suit; at equal length the higher-ranking (spades first). */
static void best_fit(const struct deal *deal, int side, struct pr_mini *m)
{
    m->fit_suit = SUIT_S;
    m->fit_len = -1;
    for (int s = 0; s < 4; s++) {
        int len = hand_length(deal->hand[side], (enum suit)s) +
                  hand_length(deal->hand[side + 2], (enum suit)s);

        if (len > m->fit_len) {
            m->fit_len = len;
            m->fit_suit = s;
        }
    }
}

void pr_mini_read(const struct deal *deal, enum seat dealer, struct pr_mini *m)
{
    *m = (struct pr_mini){.side = -1, .declarer = -1, .fit_suit = -1};
    for (int s = 0; s < 4; s++) {
        m->hp[s] = hand_hcp(deal->hand[s]);
        m->dp[s] = distribution_points(deal->hand[s]);
        m->side_hp[s % 2] += m->hp[s];
    }
    if (m->side_hp[0] == m->side_hp[1])
        return; /* 20-20: the cards are dealt again */
    m->side = m->side_hp[0] > m->side_hp[1] ? 0 : 1;
    m->declarer = stronger_hand(m, dealer, m->side);
    m->guide_tricks = pr_mini_guide(m->side_hp[m->side]);
    best_fit(deal, m->side, m);
}
