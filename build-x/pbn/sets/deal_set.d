build-x/pbn/sets/deal_set.o: pbn/sets/deal_set.c pbn/sets/sets.h \
 pbn/pbn.h dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
